const { test } = require("node:test");
const assert = require("node:assert");
const crypto = require("node:crypto");
const request = require("supertest");
const { createApp } = require("../src/app");

const app = createApp({ signingKey: "k", timezone: "UTC" });

test("health", async () => {
  const res = await request(app).get("/healthz");
  assert.equal(res.status, 200);
});

test("a signed RSVP counts", async () => {
  const signature = crypto.createHmac("sha256", "k").update("offsite-2025:a@acme.example").digest("hex");
  const res = await request(app).post("/events/offsite-2025/rsvp").send({ email: "a@acme.example", signature });
  assert.equal(res.status, 201);
});

test("an unsigned RSVP is refused", async () => {
  const res = await request(app).post("/events/offsite-2025/rsvp").send({ email: "b@acme.example" });
  assert.equal(res.status, 403);
});
