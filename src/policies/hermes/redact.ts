/**
 * Secret redaction applied to summaries and to the deterministic fallback handoff
 * (agent/redact.py `redact_sensitive_text` @ 8fa8aabb, default flags: enabled, not a code file).
 * Patterns are upstream's, re-expressed for JavaScript: Python's Unicode `\s`/`\d`/`\w` become
 * explicit classes, and MULTILINE `^` matches only after `\n` as in Python. The cheap substring gates
 * upstream runs before some patterns are kept where they change the result (a gate is evaluated on
 * the text as rewritten so far); the port adds its own gates in front of the slowest patterns, each
 * a condition every match needs.
 */
import { PY_WS_CLASS, pyLen, pySlice } from './pystr.js';

const S = `[${PY_WS_CLASS}]`;
const NS = `[^${PY_WS_CLASS}]`;
const D = '\\p{Nd}';
const LINE_START = '(?:^|(?<=\\n))';

export const PREFIX_PATTERNS = [
  'sk-[A-Za-z0-9_-]{10,}', 'ghp_[A-Za-z0-9]{10,}', 'github_pat_[A-Za-z0-9_]{10,}', 'gho_[A-Za-z0-9]{10,}',
  'ghu_[A-Za-z0-9]{10,}', 'ghs_[A-Za-z0-9]{10,}', 'ghr_[A-Za-z0-9]{10,}', `xapp-${D}+-[A-Za-z0-9-]{10,}`,
  'xox[baprs]-[A-Za-z0-9-]{10,}', 'AIza[A-Za-z0-9_-]{30,}', 'pplx-[A-Za-z0-9]{10,}', 'fal_[A-Za-z0-9_-]{10,}',
  'fc-[A-Za-z0-9]{10,}', 'bb_live_[A-Za-z0-9_-]{10,}', 'gAAAA[A-Za-z0-9_=-]{20,}', 'AKIA[A-Z0-9]{16}',
  'sk_live_[A-Za-z0-9]{10,}', 'sk_test_[A-Za-z0-9]{10,}', 'rk_live_[A-Za-z0-9]{10,}', 'SG\\.[A-Za-z0-9_-]{10,}',
  'hf_[A-Za-z0-9]{10,}', 'r8_[A-Za-z0-9]{10,}', 'npm_[A-Za-z0-9]{10,}', 'pypi-[A-Za-z0-9_-]{10,}',
  'dop_v1_[A-Za-z0-9]{10,}', 'doo_v1_[A-Za-z0-9]{10,}', 'am_[A-Za-z0-9_-]{10,}', 'sk_[A-Za-z0-9_]{10,}',
  'tvly-[A-Za-z0-9]{10,}', 'exa_[A-Za-z0-9]{10,}', 'gsk_[A-Za-z0-9]{10,}', 'syt_[A-Za-z0-9]{10,}',
  'retaindb_[A-Za-z0-9]{10,}', 'hsk-[A-Za-z0-9]{10,}', 'mem0_[A-Za-z0-9]{10,}', 'brv_[A-Za-z0-9]{10,}',
  'xai-[A-Za-z0-9]{30,}', 'ntn_[A-Za-z0-9]{10,}', 'fw-[A-Za-z0-9]{30,}', 'fw_[A-Za-z0-9]{30,}', 'fpk_[A-Za-z0-9]{30,}',
];
export const PREFIX_RE = new RegExp(`(?<![A-Za-z0-9_-])(${PREFIX_PATTERNS.join('|')})(?![A-Za-z0-9_-])`, 'gu');
/**
 * Cheap necessary conditions for the slowest patterns (each scans every position of a long text): a
 * text without them cannot match, so skipping the pattern changes nothing. Why: summaries are long
 * prose, and running every pattern over them was most of a Hermes compaction's time.
 * A prefix token starts with its literal head (the pattern's text up to the first class). A head holding
 * "_" or "-" is looked for at each of those characters in the text (the head must start where its own
 * first one lies that far back); only past `PREFIX_SCAN_BUDGET` of them (code, paths) does the pattern
 * run unchecked. Why: a summary holding one hyphen or underscore (in the task it quotes) ran the pattern,
 * ~60 µs over 10,000 characters, ~6% of a hermes-background session; the other heads are plain substrings.
 */
const PREFIX_HEADS = [...new Set(PREFIX_PATTERNS.map((p) => /^[A-Za-z0-9_-]+/.exec(p)![0]))];
const PLAIN_HEADS = PREFIX_HEADS.filter((h) => !/[-_]/.test(h));
/** per delimiter, each head holding it and where its first delimiter lies in it */
const DELIMITED_HEADS = ['-', '_'].map((d) => ({
  d,
  heads: PREFIX_HEADS.map((h) => ({ h, at: h.search(/[-_]/) })).filter(({ h, at }) => at >= 0 && h[at] === d),
}));
const PREFIX_SCAN_BUDGET = 64;
export function mayHavePrefixToken(text: string): boolean {
  if (PLAIN_HEADS.some((h) => text.includes(h))) return true;
  let budget = PREFIX_SCAN_BUDGET;
  for (const { d, heads } of DELIMITED_HEADS) {
    for (let q = text.indexOf(d); q >= 0; q = text.indexOf(d, q + 1)) {
      if (--budget < 0) return true;
      for (const { h, at } of heads) if (q >= at && text.startsWith(h, q - at)) return true;
    }
  }
  return false;
}

const ENV_NAMES = '(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)';
const ENV_ASSIGN_RE = new RegExp(`([A-Z0-9_]{0,50}${ENV_NAMES}[A-Z0-9_]{0,50})${S}*=${S}*(['"]?)(${NS}+)\\2`, 'gu');
const CFG_NAMES = '(?:api[ _.\\-]?key|token|secret|passwd|password|credential|auth)';
const CFG_VALUE = `(['"]?)([^${PY_WS_CLASS}&]+?)\\2(?=[${PY_WS_CLASS}&]|$)`;
const CFG_DOTTED_RE = new RegExp(
  `((?:[A-Za-z0-9_\\-]+\\.)+[A-Za-z0-9_.\\-]*${CFG_NAMES}[A-Za-z0-9_.\\-]*|[A-Za-z0-9_.\\-]*${CFG_NAMES}[A-Za-z0-9_.\\-]*\\.[A-Za-z0-9_.\\-]+)=${CFG_VALUE}`,
  'giu',
);
/**
 * A dotted assignment's name ends right before its "=" and holds a "." and a config name. The name is
 * made of [A-Za-z0-9_.-] (under the `iu` flags also the Kelvin sign and the long s, which fold into
 * [A-Za-z]) and, in "api key", one space; so the run of those characters before some "=" must hold a
 * "." and a name. Why: the pattern backtracks over every split of a long dotted run at every start, and
 * was most of a fallback summary's redaction (a path-heavy text).
 */
function mayHaveDottedAssignment(text: string): boolean {
  for (let eq = text.indexOf('='); eq >= 0; eq = text.indexOf('=', eq + 1)) {
    let i = eq;
    while (i > 0 && isDottedNameChar(text.charCodeAt(i - 1))) i--;
    if (i === eq) continue;
    const run = text.slice(i, eq);
    if (!run.includes('.')) continue;
    const lower = run.toLowerCase().replaceAll('\u017f', 's');
    if (CFG_NAME_WORDS.some((w) => lower.includes(w))) return true;
  }
  return false;
}
const CFG_NAME_WORDS = ['key', 'token', 'secret', 'passw', 'credential', 'auth'];
const isDottedNameChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ||
  c === 0x5f || c === 0x2e || c === 0x2d || c === 0x20 || c === 0x212a || c === 0x17f;
const CFG_ANCHORED_RE = new RegExp(
  `(${LINE_START}[ \\t]*(?:export[ \\t]+)?[A-Za-z0-9_\\-]*${CFG_NAMES}[A-Za-z0-9_\\-]*)=${CFG_VALUE}`,
  'giu',
);
const ENV_LOOKUP_VALUE_RE = /^(?:os\.(?:getenv|environ)|process\.env|\$ENV\{)/;
const YAML_NAMES = '(?:api[ _.\\-]?key|token|secret|passwd|password|credential)';
/**
 * A YAML name needs "key", "token", "secret", "passw" or "credential" in any case. Under the `iu` flags
 * only two non-ASCII characters fold to those letters: the Kelvin sign (to "k"; `toLowerCase` maps it
 * too) and the long s "ſ" (to "s"; `toLowerCase` keeps it). A regex gate on the names was as slow as
 * the pattern itself on prose full of words starting with "t", "s" or "c".
 */
function mayHaveYamlName(text: string): boolean {
  if (text.includes('\u017f')) return true;
  const lower = text.toLowerCase();
  return lower.includes('key') || lower.includes('token') || lower.includes('secret') || lower.includes('passw') || lower.includes('credential');
}
const YAML_ASSIGN_RE = new RegExp(`(${LINE_START}[ \\t]*[A-Za-z0-9_.\\-]*${YAML_NAMES}[A-Za-z0-9_.\\-]*)(:[ \\t]*)(?!['"])([^${PY_WS_CLASS}&]+)`, 'giu');
const JSON_NAMES = '(?:api_?[Kk]ey|token|secret|password|access_token|refresh_token|auth_token|bearer|secret_value|raw_secret|secret_input|key_material)';
const JSON_FIELD_RE = new RegExp(`("${JSON_NAMES}")${S}*:${S}*"([^"]+)"`, 'giu');
const AUTH_HEADER_RE = new RegExp(`((?:Proxy-)?Authorization:${S}*)([A-Za-z][\\p{L}\\p{N}_.+-]*${S}+)?([^${PY_WS_CLASS}"']+)`, 'giu');
const SECRET_HEADER_RE = new RegExp(`((?:x-api-key|x-goog-api-key|api-key|apikey|x-api-token|x-auth-token|x-access-token)${S}*:${S}*)(${NS}+)`, 'giu');
/** every header name but `apikey` holds a "-" */
const mayHaveSecretHeader = (text: string): boolean => text.includes('-') || /apikey/iu.test(text);
const TELEGRAM_RE = new RegExp(`(bot)?(${D}{8,}):([-A-Za-z0-9_]{30,})`, 'gu');
/** A Telegram token has a ":" followed by 30 or more of [-A-Za-z0-9_]. */
function mayHaveTelegramToken(text: string): boolean {
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) {
    let k = 1;
    while (k <= 30 && isTokenChar(text.charCodeAt(at + k))) k++;
    if (k > 30) return true;
  }
  return false;
}
const isTokenChar = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f;
const PRIVATE_KEY_RE = /-----BEGIN[A-Z ]*PRIVATE KEY-----[\s\S]*?-----END[A-Z ]*PRIVATE KEY-----/g;
const DB_CONNSTR_RE = new RegExp(`((?:postgres(?:ql)?|mysql|mongodb(?:\\+srv)?|redis|amqp)://[^:${PY_WS_CLASS}]+:)([^@${PY_WS_CLASS}]+)(@)`, 'giu');
const URL_BARE_TOKEN_RE = new RegExp(`((?:https?|wss?|git|ssh|ftp|ftps|sftp)://)([^${PY_WS_CLASS}:@/]{8,})(@${NS}+)`, 'giu');
const JWT_RE = /eyJ[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_=-]{4,}){0,2}/g;
const FORM_BODY_RE = new RegExp(`^[A-Za-z_][A-Za-z0-9_.-]*=[^&${PY_WS_CLASS}]*(?:&[A-Za-z_][A-Za-z0-9_.-]*=[^&${PY_WS_CLASS}]*)+$`, 'u');
const PHONE_RE = new RegExp(`(\\+[1-9]${D}{6,14})(?![A-Za-z0-9])`, 'gu');
const SENSITIVE_QUERY_PARAMS = new Set([
  'access_token', 'refresh_token', 'id_token', 'token', 'api_key', 'apikey', 'client_secret', 'password', 'auth', 'jwt',
  'session', 'secret', 'key', 'code', 'signature', 'x-amz-signature',
]);

/** `_mask_token`: short values fully masked, long ones keep 6 head and 4 tail chars. */
export function maskToken(token: string): string {
  if (!token || pyLen(token) < 18) return '***';
  return `${pySlice(token, 0, 6)}...${pySlice(token, -4)}`;
}

function redactQueryString(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      return SENSITIVE_QUERY_PARAMS.has(key.toLowerCase()) ? `${key}=***` : pair;
    })
    .join('&');
}

const pyStripWs = (s: string) => s.replace(new RegExp(`^${S}+|${S}+$`, 'gu'), '');

function redactAssignment(whole: string, name: string, quote: string, value: string): string {
  return ENV_LOOKUP_VALUE_RE.test(value) ? whole : `${name}=${quote}${maskToken(value)}${quote}`;
}

function redactAssignments(text: string): string {
  text = text.replace(ENV_ASSIGN_RE, (m, n: string, q: string, v: string) => redactAssignment(m, n, q, v));
  if (!text.includes('://')) {
    if (mayHaveDottedAssignment(text)) text = text.replace(CFG_DOTTED_RE, (m, n: string, q: string, v: string) => redactAssignment(m, n, q, v));
    text = text.replace(CFG_ANCHORED_RE, (m, n: string, q: string, v: string) => redactAssignment(m, n, q, v));
  }
  return text;
}

function redactPhone(phone: string): string {
  return pyLen(phone) <= 8
    ? pySlice(phone, 0, 2) + '****' + pySlice(phone, -2)
    : pySlice(phone, 0, 4) + '****' + pySlice(phone, -4);
}

/** `redact_sensitive_text(text)` with upstream's default flags. */
export function redactSensitiveText(text: string): string {
  if (!text) return text;
  if (mayHavePrefixToken(text)) text = text.replace(PREFIX_RE, (_m, tok: string) => maskToken(tok));
  if (text.includes('=')) text = redactAssignments(text);
  if (text.includes(':') && text.includes('"')) {
    text = text.replace(JSON_FIELD_RE, (m, k: string, v: string) => (ENV_LOOKUP_VALUE_RE.test(v) ? m : `${k}: "${maskToken(v)}"`));
  }
  if (text.includes(':') && !text.includes('://') && mayHaveYamlName(text)) {
    text = text.replace(YAML_ASSIGN_RE, (m, k: string, sep: string, v: string) => (ENV_LOOKUP_VALUE_RE.test(v) ? m : `${k}${sep}${maskToken(v)}`));
  }
  if (text.includes('uthorization') || text.includes('UTHORIZATION')) {
    text = text.replace(AUTH_HEADER_RE, (_m, a: string, b: string | undefined, c: string) => a + (b ?? '') + maskToken(c));
  }
  if (text.includes(':')) {
    if (mayHaveSecretHeader(text)) text = text.replace(SECRET_HEADER_RE, (_m, a: string, b: string) => a + maskToken(b));
    if (mayHaveTelegramToken(text)) text = text.replace(TELEGRAM_RE, (_m, bot: string | undefined, digits: string) => `${bot ?? ''}${digits}:***`);
  }
  if (text.includes('BEGIN') && text.includes('-----')) text = text.replace(PRIVATE_KEY_RE, '[REDACTED PRIVATE KEY]');
  if (text.includes('://')) {
    text = text.replace(DB_CONNSTR_RE, (_m, a: string, _pw: string, at: string) => `${a}***${at}`);
    text = text.replace(URL_BARE_TOKEN_RE, (_m, a: string, tok: string, rest: string) => `${a}${maskToken(tok)}${rest}`);
  }
  if (text.includes('eyJ')) text = text.replace(JWT_RE, (m) => maskToken(m));
  if (text.includes('&') && text.includes('=') && !text.includes('\n') && FORM_BODY_RE.test(pyStripWs(text))) {
    text = redactQueryString(pyStripWs(text));
  }
  if (text.includes('+')) text = text.replace(PHONE_RE, (_m, p: string) => redactPhone(p));
  return text;
}
