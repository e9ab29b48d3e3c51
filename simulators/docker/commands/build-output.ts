/**
 * What `npm run <script>` prints: npm's `> name@version script` header and, for the bundlers the scenarios
 * use, their own summary of a successful build, which names the directory they wrote (react-scripts'
 * "The build folder is ready to be deployed.", vite's `dist/index.html` lines). An engineer reads where the
 * bundle went in this log; file sizes and hashes are fixed stand-ins, as a log has to have some.
 */

/** npm's header for a script it runs. */
function npmHeader(pkg: Record<string, unknown>, script: string, command: string): string[] {
  const name = typeof pkg["name"] === "string" ? pkg["name"] : "app";
  const version = typeof pkg["version"] === "string" ? pkg["version"] : "1.0.0";
  return ["", `> ${name}@${version} ${script}`, `> ${command}`, ""];
}

/** react-scripts build (Create React App 5): the summary it prints, for output directory `dir`. */
function reactScripts(dir: string): string[] {
  return [
    "Creating an optimized production build...",
    "Compiled successfully.",
    "",
    "File sizes after gzip:",
    "",
    `  46.61 kB  ${dir}/static/js/main.3f2b1c4e.js`,
    `  1.05 kB   ${dir}/static/css/main.8c8b27cf.css`,
    "",
    "The project was built assuming it is hosted at /.",
    "You can control this with the homepage field in your package.json.",
    "",
    `The ${dir} folder is ready to be deployed.`,
    "You may serve it with a static server:",
    "",
    "  npm install -g serve",
    `  serve -s ${dir}`,
    "",
    "Find out more about deployment here:",
    "",
    "  https://cra.link/deployment",
    "",
  ];
}

/** vite build (Vite 5): the files it wrote under output directory `dir`. */
function vite(dir: string): string[] {
  return [
    "vite v5.4.8 building for production...",
    "transforming...",
    "✓ 34 modules transformed.",
    "rendering chunks...",
    "computing gzip size...",
    `${dir}/index.html                  0.46 kB │ gzip:  0.30 kB`,
    `${dir}/assets/index-4b2c1a9e.js  143.36 kB │ gzip: 46.12 kB`,
    "✓ built in 1.21s",
  ];
}

/**
 * The output of `npm run <script>` whose command is `command`, where the build wrote `outputDirs` (relative
 * to the package, as the bundler prints them). Only react-scripts and vite say where they wrote.
 */
export function npmScriptOutput(pkg: Record<string, unknown>, script: string, command: string, outputDirs: readonly string[]): string[] {
  const header = npmHeader(pkg, script, command);
  const dir = outputDirs[0];
  if (dir === undefined) return header;
  if (/\breact-scripts\s+build\b/.test(command)) return [...header, ...reactScripts(dir)];
  if (/\bvite\s+build\b/.test(command)) return [...header, ...vite(dir)];
  return header;
}
