/** Where the relay is served, under the cloud's public base URL (`CLOUD_PUBLIC_URL`). */
export const RELAY_PATH = '/relay'
