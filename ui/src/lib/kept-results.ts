/**
 * `compute` with its latest results kept. For pure functions that every render asks again with
 * the same inputs: the same few event times and descriptions come back on every render of a page,
 * and their ICU formatting or text clean-up is then done once. At most `capacity` results are
 * kept; a new one when full drops them all, which keeps this a plain `Map` lookup.
 */
export function keptResults<Key, Value>(compute: (key: Key) => Value, capacity: number): (key: Key) => Value {
  const kept = new Map<Key, Value>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= capacity) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
