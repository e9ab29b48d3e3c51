/** Account creation in a RUN step: the user exists afterwards, so a later USER or chown can name it. */
import { isRootUser, mkdirs } from "../image.js";
import type { Handler } from "./command.js";
import { failure, ok } from "./command.js";

/** useradd/adduser/addgroup: the account exists afterwards (root only). */
export const addUser: Handler = (args, _cwd, { image }) => {
  if (!isRootUser(image.user)) return failure(1, `${args[0] ?? "useradd"}: Permission denied.`);
  const valueFlags = new Set(["-u", "--uid", "-g", "--gid", "-G", "--groups", "-s", "--shell", "-h", "--home", "-d", "--home-dir", "-c", "--comment", "--gecos", "--ingroup", "-k", "-K"]);
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valueFlags.has(a)) i += 1;
    else if (!a.startsWith("-")) names.push(a);
  }
  const name = names[0];
  if (name) {
    image.users.add(name);
    if (args.some((a) => a === "-m" || a === "--create-home") || !args.includes("-M")) mkdirs(image, `/home/${name}`, name);
  }
  return ok;
};
