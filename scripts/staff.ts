// npm run staff -- add EMAIL
// Makes the account with this e-mail staff: it may then open /staff (issue 14). The account must
// exist and its e-mail be confirmed (decision 047): whoever signed up with the address must have
// proved the mailbox is theirs. Refused while a server holds the embedded database, like every tool.
import { createStaff } from "../app/server/shop/staff.server.ts";
import { openForTool } from "./open-for-tool.ts";

const [command, email] = process.argv.slice(2);
if (command !== "add" || !email || process.argv.length > 4) {
  console.error("Usage: npm run staff -- add EMAIL");
  process.exit(64);
}
const database = await openForTool();
try {
  const outcome = await createStaff(database.db).makeStaff(email);
  if (outcome === "made") console.log(`${email} is staff now: /staff is open to them.`);
  else if (outcome === "unconfirmed") {
    console.error(`The account ${email} has not confirmed its e-mail address: open the link mailed at sign-up (My Account sends it again), then run this again.`);
    process.exitCode = 65;
  } else {
    console.error(`No account with the e-mail ${email}: sign up first, then run this again.`);
    process.exitCode = 67;
  }
} finally {
  await database.close();
}
