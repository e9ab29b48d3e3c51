// Settings from the environment. The signing key is required: RSVP links are signed with it.
function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not defined`);
  return value;
}

module.exports = {
  port: Number(process.env.PORT || 3000),
  signingKey: required("RSVP_SIGNING_KEY"),
  timezone: process.env.EVENTS_TIMEZONE || "UTC",
};
