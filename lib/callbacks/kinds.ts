/** PENDING until a 2xx answer (DELIVERED), the last failed attempt (FAILED) or a removed or changed registration (CANCELLED). */
export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED", "CANCELLED"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
