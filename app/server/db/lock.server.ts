// PGlite takes no lock of its own, and two processes on one data directory corrupt it.
// The server holds ./data/server.lock (its pid); command-line tools refuse to open the
// directory while a live process holds it.
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  readonly dir: string;
  readonly pid: number;
  constructor(dir: string, pid: number) {
    super(`The data directory ${dir} is in use by a running Haat server (pid ${pid}). ` + `Stop the server first: two processes on one embedded database corrupt it.`);
    this.dir = dir;
    this.pid = pid;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for this process; returns its release function. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && alive(pid)) throw new DataDirLockedError(dir, pid);
      fs.unlinkSync(file); // a stale lock left by a crashed process
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
