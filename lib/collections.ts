/** Adds `item` to the end of the list under `key`, starting the list when the key has none. */
export function appendTo<Key, Item>(lists: Map<Key, Item[]>, key: Key, item: Item): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}
