// npm run staff -- add EMAIL
// Makes the account with this e-mail staff: it may then open /staff (issue 14). The account must
// exist (sign up first). Refused while a server holds the embedded database, like every tool.
import { createStaff } from "../app/server/shop/staff.server.ts";
import { openForTool } from "./open-for-tool.ts";

const [command, email] = process.argv.slice(2);
if (command !== "add" || !email || process.argv.length > 4) {
  console.error("Usage: npm run staff -- add EMAIL");
  process.exit(64);
}
const database = await openForTool();
try {
  if (await createStaff(database.db).makeStaff(email)) console.log(`${email} is staff now: /staff is open to them.`);
  else {
    console.error(`No account with the e-mail ${email}: sign up first, then run this again.`);
    process.exitCode = 67;
  }
} finally {
  await database.close();
}
