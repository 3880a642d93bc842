/**
 * A route's address as a plugin registered under a prefix names it: `path` less the plugin's
 * prefix (`app.prefix`). The path constants stay whole because they also build the addresses
 * sent out (an ACS URL, a notification URL, a page's links); a path outside the prefix is a
 * wiring mistake, refused when the app is built.
 */
export function within(prefix: string, path: string): string {
  if (!path.startsWith(`${prefix}/`))
    throw new Error(`the route ${path} is outside its plugin's prefix ${prefix}`);
  return path.slice(prefix.length);
}
