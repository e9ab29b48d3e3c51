const config = require("./config");
const { createApp } = require("./app");

createApp(config).listen(config.port, () => {
  console.log(`events-api listening on :${config.port}`);
});
