// The Lua scripts of the BullMQ engine's lanes (bullmq-queue.ts). Each is one atomic step on Redis,
// which is what makes a remove() racing a start give exactly one of the two.

/** The keys of one queue's lanes and scheduled jobs. */
export function laneKeys(name: string) {
  const prefix = `exp:${name}`;
  return {
    lane: (lane: string) => `${prefix}:lane:${lane}`,
    nextAt: (lane: string) => `${prefix}:next:${lane}`,
    started: (id: string) => `${prefix}:started:${id}`,
    /** Holds the job's lane while its id is remembered (older entries hold '1'). */
    seen: (id: string) => `${prefix}:seen:${id}`,
    lanes: `${prefix}:lanes`,
    /** Jobs waiting for their runAt: a sorted set of ids by runAt, and their lane items by id. */
    scheduled: `${prefix}:scheduled`,
    scheduledItems: `${prefix}:scheduled-items`,
  };
}

/** Adds an item to its lane unless its id was seen; returns the lane's length, or -1 for a duplicate. */
export const ENQUEUE = `
if redis.call('SET', KEYS[1], ARGV[3], 'NX', 'PX', ARGV[2]) == false then return -1 end
local n = redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
return n`;

/** Keeps an item aside until its runAt unless its id was seen; returns 1, or -1 for a duplicate. */
export const SCHEDULE = `
if redis.call('SET', KEYS[1], ARGV[4], 'NX', 'PX', ARGV[2]) == false then return -1 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
redis.call('HSET', KEYS[3], ARGV[5], ARGV[1])
return 1`;

/** Moves a scheduled item into its lane; returns the lane's length, or -1 when it is no longer there. */
export const PROMOTE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return -1 end
local item = redis.call('HGET', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
if not item then return -1 end
local n = redis.call('RPUSH', KEYS[3], item)
redis.call('SADD', KEYS[4], ARGV[2])
return n`;

/**
 * Starts the lane's head if it is the item named: returns {head, 1 for a first start or 0 when an
 * earlier try was interrupted}, or false when the head is another item (or none).
 */
export const START = `
local head = redis.call('LINDEX', KEYS[1], 0)
if not head or cjson.decode(head).id ~= ARGV[1] then return false end
local fresh = redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[2])
if fresh then return {head, 1} end
return {head, 0}`;

/** Removes the lane's head if it is the item named; returns the new head (or false). */
export const FINISH = `
local head = redis.call('LINDEX', KEYS[1], 0)
if head and cjson.decode(head).id == ARGV[1] then redis.call('LPOP', KEYS[1]) end
redis.call('DEL', KEYS[2])
return redis.call('LINDEX', KEYS[1], 0)`;

/**
 * Takes back a job that has not started: 'scheduled' when it was waiting for its runAt, 'head' or
 * 'queued' when it was waiting in its lane, false when it started (or finished, or is unknown).
 */
export const REMOVE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 1 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 'scheduled'
end
if redis.call('EXISTS', KEYS[4]) == 1 then return false end
local items = redis.call('LRANGE', KEYS[3], 0, -1)
for i, item in ipairs(items) do
  if cjson.decode(item).id == ARGV[1] then
    redis.call('LREM', KEYS[3], 1, item)
    if i == 1 then return 'head' end
    return 'queued'
  end
end
return false`;
