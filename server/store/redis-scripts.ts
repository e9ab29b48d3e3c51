/**
 * The Redis store's operations as Lua scripts, each one atomic on the server: capacity, the optimistic
 * check of a step and the idle expiry cannot be raced by another replica between a read and a write.
 *
 * Keys, under a prefix (`breakfix:` by default):
 * - `ep:<id>`: a hash of the episode's generation, head (episode id, scenario, seed as JSON), hints and done;
 * - `act:<id>`: the action log, one JSON action per entry, only ever appended to;
 * - `episodes`, `finished`: sorted sets of every stored (every finished) episode id by last use, in ms of
 *   Redis's own clock, for capacity (least recently used finished goes first) and to forget expired ids;
 * - `default`: the id of the fleet's default episode; `epoch`: set once when the store is first used, so a
 *   replica sees when Redis came back empty;
 * - `archive:<id>`: a finished episode's record, kept for replay.
 * Episode keys expire by themselves (PEXPIRE, SESSION_TTL_S), each use setting the expiry again.
 *
 * Scripts name the keys of other episodes (an eviction) from the prefix: the store is one Redis (or a
 * primary with replicas), not Redis Cluster.
 */

/** Milliseconds on Redis's clock, the same for every replica. */
const NOW = `local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)`;

/** The store's epoch, set by the first script to run on an empty Redis. */
const EPOCH = `redis.call('SET', KEYS[2], ARGV[1], 'NX')
local epoch = redis.call('GET', KEYS[2])`;

/** Forgets the ids of episodes idle past the TTL (their keys have expired, or are about to). */
const PRUNE = `local stale = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - ttl)
for _, old in ipairs(stale) do
  redis.call('DEL', prefix .. 'ep:' .. old, prefix .. 'act:' .. old)
  redis.call('ZREM', KEYS[3], old)
  redis.call('ZREM', KEYS[4], old)
end`;

/**
 * start. KEYS: default, epoch, episodes, finished, ep:<id>, act:<id>.
 * ARGV: epoch candidate, prefix, ttl ms, max, id, generation, head JSON, as default (1/0).
 * Answers {status ('ok' | 'full'), count, epoch, evicted id or '', pruned}.
 */
export const START_SCRIPT = `${NOW}
${EPOCH}
local prefix, ttl, max, id = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
${PRUNE}
local evicted = ''
if redis.call('EXISTS', KEYS[5]) == 0 then
  local count = redis.call('ZCARD', KEYS[3])
  if count >= max then
    local oldest = redis.call('ZRANGE', KEYS[4], 0, 0)
    if #oldest == 0 then return {'full', count, epoch, '', #stale} end
    evicted = oldest[1]
    redis.call('DEL', prefix .. 'ep:' .. evicted, prefix .. 'act:' .. evicted)
    redis.call('ZREM', KEYS[3], evicted)
    redis.call('ZREM', KEYS[4], evicted)
    if redis.call('GET', KEYS[1]) == evicted then redis.call('DEL', KEYS[1]) end
  end
end
redis.call('DEL', KEYS[5], KEYS[6])
redis.call('HSET', KEYS[5], 'gen', ARGV[6], 'head', ARGV[7], 'hints', 0, 'done', 0)
redis.call('PEXPIRE', KEYS[5], ttl)
redis.call('ZADD', KEYS[3], now, id)
redis.call('ZREM', KEYS[4], id)
if ARGV[8] == '1' then redis.call('SET', KEYS[1], id) end
return {'ok', redis.call('ZCARD', KEYS[3]), epoch, evicted, #stale}`;

/**
 * load. KEYS: default, epoch, episodes, finished. ARGV: epoch candidate, prefix, ttl ms, id ('' for the
 * default episode). Answers {id or '', epoch, count, generation or '', head, hints, done, {actions}}.
 */
export const LOAD_SCRIPT = `${NOW}
${EPOCH}
local prefix, ttl, id = ARGV[2], tonumber(ARGV[3]), ARGV[4]
local count = redis.call('ZCARD', KEYS[3])
if id == '' then
  id = redis.call('GET', KEYS[1])
  if not id then return {'', epoch, count, ''} end
end
local key = prefix .. 'ep:' .. id
local log = prefix .. 'act:' .. id
local fields = redis.call('HMGET', key, 'gen', 'head', 'hints', 'done')
if not fields[1] then return {id, epoch, count, ''} end
local actions = redis.call('LRANGE', log, 0, -1)
redis.call('PEXPIRE', key, ttl)
if #actions > 0 then redis.call('PEXPIRE', log, ttl) end
redis.call('ZADD', KEYS[3], 'XX', now, id)
redis.call('ZADD', KEYS[4], 'XX', now, id)
return {id, epoch, count, fields[1], fields[2], fields[3], fields[4], actions}`;

/**
 * commit. KEYS: ep:<id>, act:<id>, episodes, finished. ARGV: id, generation, steps before, hints,
 * done (1/0), ttl ms, then the new actions as JSON. Answers 'committed', 'conflict' or 'missing'.
 */
export const COMMIT_SCRIPT = `${NOW}
local id, ttl = ARGV[1], tonumber(ARGV[6])
local generation = redis.call('HGET', KEYS[1], 'gen')
if not generation then return 'missing' end
if generation ~= ARGV[2] or redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[3]) then return 'conflict' end
for i = 7, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
redis.call('HSET', KEYS[1], 'hints', ARGV[4], 'done', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('ZADD', KEYS[3], now, id)
if ARGV[5] == '1' then redis.call('ZADD', KEYS[4], now, id) end
return 'committed'`;

/** remove. KEYS: ep:<id>, act:<id>, episodes, finished, default. ARGV: id. Answers 1 when it was stored. */
export const REMOVE_SCRIPT = `local existed = redis.call('DEL', KEYS[1])
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
if redis.call('GET', KEYS[5]) == ARGV[1] then redis.call('DEL', KEYS[5]) end
return existed`;
