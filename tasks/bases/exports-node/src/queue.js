// The export queue, shared by the API (producer) and the worker (consumer).
const IORedis = require("ioredis");
const { Queue } = require("bullmq");

const url = process.env.REDIS_URL;
if (!url) throw new Error("REDIS_URL is not defined");

// BullMQ needs maxRetriesPerRequest: null on the connections its workers block on.
const connection = new IORedis(url, { maxRetriesPerRequest: null });
const exportsQueue = new Queue("exports", { connection });

module.exports = { connection, exportsQueue };
