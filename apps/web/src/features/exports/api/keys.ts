/** Every query about exports and webhook deliveries starts with this key. */
export const EXPORTS_KEY = ['exports'] as const;

/** While a delivery is still being retried, its status is refreshed this often. */
export const DELIVERY_REFRESH_MS = 10_000;
