"use client";

import { useSyncExternalStore } from "react";

const WIDE = "(min-width: 768px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * True from 768 px on: lists show a table there and cards below. One layout is rendered, not
 * both hidden by CSS, so every control exists once. The server (and hydration) assumes wide.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches, () => true);
}
