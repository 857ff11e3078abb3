export const USAGE = `Usage: npm run cloud -- <command>

  project list
  project show <id>
  project add <id> --name <name> [--origin <pattern>]... [--analytics on|off]
                   [--feature <id>=on|off]... [--feature-config <id>=<json>]...
  project edit <id> [--name <name>] [--origin <pattern>]... (replaces the list)
                    [--add-origin <pattern>]... [--remove-origin <pattern>]...
                    [--analytics on|off] [--feature <id>=on|off]... [--feature-config <id>=<json>]...
  project remove <id>
  sponsorship show <project>        the project's sponsorship policy (docs/paymaster.md)
  sponsorship set <project> --policy <file.json>   the whole policy from a file
  sponsorship edit <project> [--enabled on|off] [--account-ops-per-day <n>] [--ops-per-day <n>]
                             [--budget-wei <wei>]
  sponsorship remove <project>      sponsor nothing (the grants stay recorded)
  sponsorship grants <project> [--count 20]   the latest grants, newest first
  wallets import <file.json>        add or update listings (validated JSON array)
  wallets fixture [--count 1000] [--seed 1]   add generated wallets for load and UI-scale tests
  indexer                           run the chain indexer alone (no HTTP) until Ctrl-C; with PostgreSQL,
                                    for scale-out beside clouds started with INDEXER=0

Origin patterns: https://app.example.com, https://*.example.com, http://host:*, or *.
Feature ids: multi_wallet, activity, onramp, swap, social_login, email_capture, reown_authentication,
headless, reown_branding. A feature-config of null means "use the modal's local setting".
The database is the cloud's (DATABASE_URL or CLOUD_DATA_DIR). PGlite allows one process at a time: while a
cloud holds the folder, project and sponsorship commands go through its admin API; wallet commands need it stopped.`
