// Versioned schema migrations. Each entry runs once, in order, recorded in schema_migrations.
// Never edit an applied migration: add a new one.

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

const now = 'DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)';

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'accounts, keys, presets, usage, billing, rate limits, docs events',
    statements: [
      `CREATE TABLE users (
        id CHAR(36) NOT NULL PRIMARY KEY,
        email VARCHAR(254) NOT NULL,
        name VARCHAR(200) NOT NULL DEFAULT '',
        password_hash VARCHAR(255) NOT NULL,
        is_admin TINYINT(1) NOT NULL DEFAULT 0,
        plan ENUM('free','pro','team') NOT NULL DEFAULT 'free',
        credits INT NOT NULL DEFAULT 0,
        trial_granted TINYINT(1) NOT NULL DEFAULT 0,
        api_access TINYINT(1) NOT NULL DEFAULT 1,
        created_at ${now},
        UNIQUE KEY users_email (email)
      ) ENGINE=InnoDB`,
      `CREATE TABLE sessions (
        id CHAR(36) NOT NULL PRIMARY KEY,
        user_id CHAR(36) NOT NULL,
        token_hash CHAR(64) NOT NULL,
        created_at ${now},
        expires_at DATETIME(3) NOT NULL,
        revoked_at DATETIME(3) NULL,
        UNIQUE KEY sessions_token (token_hash),
        KEY sessions_user (user_id),
        CONSTRAINT sessions_user_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
      `CREATE TABLE organisations (
        id CHAR(36) NOT NULL PRIMARY KEY,
        slug VARCHAR(64) NOT NULL,
        name VARCHAR(200) NOT NULL,
        plan ENUM('free','pro','team') NOT NULL DEFAULT 'free',
        credits INT NOT NULL DEFAULT 0,
        members_enabled TINYINT(1) NOT NULL DEFAULT 0,
        created_at ${now},
        UNIQUE KEY organisations_slug (slug)
      ) ENGINE=InnoDB`,
      `CREATE TABLE memberships (
        user_id CHAR(36) NOT NULL PRIMARY KEY,
        org_id CHAR(36) NOT NULL,
        role ENUM('owner','manager','member') NOT NULL,
        created_at ${now},
        KEY memberships_org (org_id),
        CONSTRAINT memberships_user_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
        CONSTRAINT memberships_org_fk FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
      `CREATE TABLE api_keys (
        id CHAR(36) NOT NULL PRIMARY KEY,
        user_id CHAR(36) NOT NULL,
        org_id CHAR(36) NULL,
        name VARCHAR(100) NOT NULL,
        key_prefix VARCHAR(40) NOT NULL,
        key_hash CHAR(64) NOT NULL,
        is_active TINYINT(1) NOT NULL DEFAULT 1,
        last_used_at DATETIME(3) NULL,
        total_docs_processed INT NOT NULL DEFAULT 0,
        created_at ${now},
        expires_at DATETIME(3) NULL,
        revoked_at DATETIME(3) NULL,
        UNIQUE KEY api_keys_hash (key_hash),
        KEY api_keys_user (user_id, org_id),
        KEY api_keys_org (org_id),
        CONSTRAINT api_keys_user_fk FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
        CONSTRAINT api_keys_org_fk FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
      `CREATE TABLE presets (
        id CHAR(36) NOT NULL PRIMARY KEY,
        org_id CHAR(36) NOT NULL,
        name VARCHAR(100) NOT NULL,
        settings_json TEXT NOT NULL,
        created_by CHAR(36) NULL,
        created_at ${now},
        updated_at ${now},
        UNIQUE KEY presets_org_name (org_id, name),
        CONSTRAINT presets_org_fk FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
      `CREATE TABLE usage_events (
        id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        api_key_id CHAR(36) NOT NULL,
        user_id CHAR(36) NOT NULL,
        org_id CHAR(36) NULL,
        route VARCHAR(40) NOT NULL,
        status SMALLINT NOT NULL,
        scan_fingerprint VARCHAR(80) NULL,
        link_count INT NOT NULL DEFAULT 0,
        credits_used INT NOT NULL DEFAULT 0,
        request_id VARCHAR(64) NULL,
        created_at ${now},
        KEY usage_org_time (org_id, created_at),
        KEY usage_key_time (api_key_id, created_at)
      ) ENGINE=InnoDB`,
      `CREATE TABLE credit_purchases (
        id CHAR(36) NOT NULL PRIMARY KEY,
        org_id CHAR(36) NOT NULL,
        created_by CHAR(36) NOT NULL,
        credits INT NOT NULL,
        amount_cents INT NOT NULL,
        currency CHAR(3) NOT NULL,
        provider VARCHAR(40) NOT NULL,
        provider_ref VARCHAR(120) NULL,
        status ENUM('pending','completed','cancelled') NOT NULL DEFAULT 'pending',
        idempotency_key VARCHAR(100) NOT NULL,
        created_at ${now},
        completed_at DATETIME(3) NULL,
        completed_by CHAR(36) NULL,
        UNIQUE KEY purchases_idem (org_id, idempotency_key),
        CONSTRAINT purchases_org_fk FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
      `CREATE TABLE rate_limit_counters (
        bucket VARCHAR(120) NOT NULL,
        window_start BIGINT NOT NULL,
        hits INT NOT NULL,
        PRIMARY KEY (bucket, window_start),
        KEY rate_limit_window (window_start)
      ) ENGINE=InnoDB`,
      `CREATE TABLE docs_events (
        id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        event_type VARCHAR(32) NOT NULL,
        session_hash CHAR(64) NULL,
        path VARCHAR(300) NOT NULL,
        detail_json TEXT NOT NULL,
        created_at ${now},
        KEY docs_events_time (created_at)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 2,
    name: 'rate-limit counters in memory',
    // Counters live for one minute: a MEMORY table is shared by every server process through the
    // database like before, but a hit no longer waits for a redo-log flush (about half the cost per
    // request). A database restart only resets the current window.
    statements: ['ALTER TABLE rate_limit_counters ENGINE=MEMORY'],
  },
  {
    version: 5,
    name: 'e-mail identity compares bytes (no accent or case folding by the collation)',
    // utf8mb4_general_ci made `ālice@` equal to `alice@`: one could sign in as, or be enrolled as,
    // another. The service normalises case, NFC and surrounding spaces itself (normaliseEmail).
    statements: ['ALTER TABLE users MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL'],
  },
  {
    version: 6,
    name: 'credit reservations: a credit taken for a request is pending until settled or refunded',
    // A process that dies mid-request leaves its reservation pending; any process refunds pending
    // reservations older than the engine time-out (plus a grace), at start and periodically.
    statements: [
      `CREATE TABLE credit_reservations (
        id CHAR(36) NOT NULL PRIMARY KEY,
        account_kind ENUM('user','org') NOT NULL,
        account_id CHAR(36) NOT NULL,
        api_key_id CHAR(36) NOT NULL,
        route VARCHAR(40) NOT NULL,
        request_id VARCHAR(64) NULL,
        status ENUM('pending','settled','refunded') NOT NULL DEFAULT 'pending',
        created_at DATETIME(3) NOT NULL,
        resolved_at DATETIME(3) NULL,
        KEY reservations_status_time (status, created_at),
        KEY reservations_account (account_kind, account_id)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 7,
    name: 'organisation invitations: members join by accepting',
    // Adding a member by e-mail records an invitation (whatever the address: known, unknown, or in
    // another organisation) which the user with that e-mail accepts or declines.
    statements: [
      `CREATE TABLE org_invitations (
        id CHAR(36) NOT NULL PRIMARY KEY,
        org_id CHAR(36) NOT NULL,
        email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        role ENUM('owner','manager','member') NOT NULL,
        invited_by CHAR(36) NULL,
        status ENUM('pending','accepted','declined','cancelled') NOT NULL DEFAULT 'pending',
        created_at DATETIME(3) NOT NULL,
        expires_at DATETIME(3) NOT NULL,
        responded_at DATETIME(3) NULL,
        KEY invitations_email (email, status),
        KEY invitations_org (org_id, status),
        CONSTRAINT invitations_org_fk FOREIGN KEY (org_id) REFERENCES organisations(id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 8,
    name: 'registry limiter shared by every process',
    // One limiter for every request to the bibliographic registry (Crossref counts per client, not per
    // process). registry_limits: one row per request class with the limits the registry announced and a
    // shared pause (429 Retry-After), locked FOR UPDATE while a slot is granted; registry_slots: one row
    // per granted request (its start, for the per-window count; released or expired, for concurrency).
    statements: [
      `CREATE TABLE registry_limits (
        request_class VARCHAR(16) NOT NULL PRIMARY KEY,
        rate_limit INT NOT NULL,
        interval_ms INT NOT NULL,
        concurrency INT NOT NULL,
        paused_until BIGINT NOT NULL DEFAULT 0,
        updated_at ${now}
      ) ENGINE=InnoDB`,
      `CREATE TABLE registry_slots (
        id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
        request_class VARCHAR(16) NOT NULL,
        granted_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        released_at BIGINT NULL,
        KEY registry_slots_window (request_class, granted_at),
        KEY registry_slots_open (request_class, released_at, expires_at)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 9,
    name: 'resolver answer cache',
    // Answers of the reference resolver keyed by cacheKey(normalised text, written DOI, resolver
    // version); positive answers live longer than negative ones (expires_at), expired rows are purged.
    statements: [
      `CREATE TABLE resolver_cache (
        cache_key CHAR(64) NOT NULL PRIMARY KEY,
        resolver_version VARCHAR(16) NOT NULL,
        status VARCHAR(16) NOT NULL,
        answer_json MEDIUMTEXT NOT NULL,
        created_at ${now},
        expires_at DATETIME(3) NOT NULL,
        KEY resolver_cache_expiry (expires_at)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 10,
    name: 'sessions indexed by expiry, for the hourly purge',
    // Ended sessions (expired or revoked) are deleted after a grace period (server/http/services/housekeeping.ts);
    // the purge finds them by these keys instead of reading the whole table.
    statements: [
      'CREATE INDEX sessions_expiry ON sessions (expires_at)',
      'CREATE INDEX sessions_revoked ON sessions (revoked_at)',
    ],
  },
  {
    version: 11,
    name: 'organisation keys of members who left are revoked',
    // A member removed from an organisation kept using the organisation keys they had created (issue 24).
    // Removal now revokes them (services/members.ts); this revokes the ones orphaned before.
    statements: [
      `UPDATE api_keys k LEFT JOIN memberships m ON m.user_id = k.user_id AND m.org_id = k.org_id
          SET k.is_active = 0, k.revoked_at = UTC_TIMESTAMP(3)
        WHERE k.org_id IS NOT NULL AND k.is_active = 1 AND m.user_id IS NULL`,
    ],
  },
  {
    version: 12,
    name: 'addresses each account has signed in from',
    // Sign-in throttling (services/login.ts): a sign-in from an address the account has signed in from
    // before is not held by the account's hourly cap and goes first for a password check. Addresses are
    // stored as a keyed hash of their network (IPv6 /64), at most a few per user (the newest).
    statements: [
      `CREATE TABLE login_addresses (
        user_id CHAR(36) NOT NULL,
        address_hash CHAR(64) NOT NULL,
        last_success_at DATETIME(3) NOT NULL,
        PRIMARY KEY (user_id, address_hash),
        CONSTRAINT login_addresses_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 13,
    name: 'idempotency keys of document requests',
    // POST /hyperlink, /hyperlink-apply and /hyperlink-crossref with an Idempotency-Key header
    // (services/idempotency.ts): one row per caller account and key, for 24 hours. in_flight while a
    // process works on it (lease_until renewed while alive), done with the answer once delivered: the
    // row turns done in the transaction that settles the credit, so a retry gets the answer that was paid for.
    statements: [
      `CREATE TABLE idempotency_keys (
        scope VARCHAR(64) NOT NULL,
        idem_key VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
        route VARCHAR(32) NOT NULL,
        request_hash CHAR(64) NOT NULL,
        status ENUM('in_flight','done') NOT NULL,
        holder CHAR(36) NOT NULL,
        reservation_id CHAR(36) NULL,
        lease_until DATETIME(3) NOT NULL,
        response_body LONGBLOB NULL,
        created_at ${now},
        expires_at DATETIME(3) NOT NULL,
        PRIMARY KEY (scope, idem_key),
        KEY idempotency_expiry (expires_at)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 14,
    name: 'registry waiters: fair shares of the registry per account',
    // The registry limiter grants the next slot to the waiting account served least recently (issue 24 item 4):
    // one row per account (user or organisation) with a request waiting (waiting_until, refreshed while it
    // waits; a dead process's rows lapse within seconds) and when it was last granted a slot.
    statements: [
      `CREATE TABLE registry_waiters (
        account VARCHAR(80) NOT NULL PRIMARY KEY,
        waiting_until BIGINT NOT NULL,
        last_granted_at BIGINT NOT NULL DEFAULT 0,
        KEY registry_waiters_waiting (waiting_until)
      ) ENGINE=InnoDB`,
    ],
  },
  {
    version: 15,
    name: 'registry limiter: the share of the announced rate after a 429',
    // Additive increase, multiplicative decrease shared by every process (issue 22 item 1): a 429 halves the
    // share of the announced rate the limiter grants (rate_share, as of rate_share_at on the database's clock);
    // it climbs back by a twentieth of the rate per interval without a 429 (server/resolver/aimd.ts).
    statements: [
      'ALTER TABLE registry_limits ADD COLUMN rate_share DOUBLE NOT NULL DEFAULT 1, ADD COLUMN rate_share_at BIGINT NOT NULL DEFAULT 0',
    ],
  },
  {
    version: 16,
    name: 'registry limiter: limits confirmed by the registry',
    // confirmed = 1 once a process saw the registry announce the row's limits on several answers and wrote them
    // (server/db/registry-limiter.ts); 0 while the row holds the documented start limits. A new process goes one
    // request at a time until its first answer only while the row is not confirmed.
    statements: ['ALTER TABLE registry_limits ADD COLUMN confirmed TINYINT NOT NULL DEFAULT 0'],
  },
];
