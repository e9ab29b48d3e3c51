const { Worker } = require("bullmq");
const { connection } = require("./queue");
const { toCsv } = require("./csv");

const concurrency = Number(process.env.EXPORT_CONCURRENCY || 2);

const worker = new Worker(
  "exports",
  async (job) => {
    const rows = [{ report: job.data.report, generated: new Date().toISOString() }];
    return { bytes: Buffer.byteLength(toCsv(rows)) };
  },
  { connection, concurrency },
);

worker.on("failed", (job, err) => console.error(`export ${job?.id} failed: ${err.message}`));
process.on("SIGTERM", () => worker.close().then(() => process.exit(0)));
