/**
 * Shrunk counterexamples `compactbench check` found for the Hermes family (the kit's PolicyCase form),
 * kept as regression inputs for kit-findings.test.ts. Each was also run through upstream's own
 * compressor (NousResearch/hermes-agent @ 8fa8aabb), which returned the same lists as the port.
 */
import type { PolicyCase } from '../../src/testing/index.js';

/** last-user-kept (100 runs, seed 1): the current turn's user message is summarised once the head has decayed */
export const LAST_USER_CASE: PolicyCase = {
  context: {"model": "claude-sonnet-4.5", "contextWindow": 32000, "maxOutputTokens": 8000, "fill": 1.3, "systemFraction": 0.07, "summarizerFailAt": [], "thinkSeconds": 30},
  conversation: {
    system: "You are Hermes, a helpful assistant with tools.",
    compacted: null,
    turns: [
      {
        user: {"text": "Done: the parser handles empty input now.", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "Looks good, now update the docs.", "reasoning": null, "calls": [{"tool": "read_file", "args": "{\"pattern\":\"⢎𓇺᳓𘫨＆𓁉\"}", "output": {"kind": "large", "unit": "src/parser.ts:42:  const value = tokens[index++];\n", "weight": 3}}, {"tool": "skill", "args": "{\"pattern\":\"ᠾ﹩\"}", "output": {"kind": "large", "unit": "error TS2345: Argument of type string is not assignable.\n", "weight": 4}}, {"tool": "Grep", "args": {"longContent": "<div class=\"row\"><span>item</span></div>\n"}, "output": {"kind": "large", "unit": "<div class=\"row\"><span>item</span></div>\n", "weight": 4}}]},
          {"text": "Done: the parser handles empty input now.", "reasoning": null, "calls": [{"tool": "Read", "args": "{\"pattern\":\"⿲𓌨Ԡ࿊ᣔ𒍑⮼𑢻ჴ⨗\"}", "output": {"kind": "large", "unit": "{\"id\": 7, \"status\": \"ok\", \"items\": [1, 2, 3]}\n", "weight": 3}}, {"tool": "delegate_task", "args": {"longContent": "{\"id\": 7, \"status\": \"ok\", \"items\": [1, 2, 3]}\n"}, "output": {"kind": "text", "text": "⟃𛋊𞣇𑆬"}}]},
          {"text": "𖪆𐝤", "reasoning": null, "calls": [{"tool": "clarify", "args": "{\"pattern\":\"ݦﺗ𝝅㍨᰾🗒³\"}", "output": {"kind": "cleared", "placeholder": "[cleared]"}}]},
        ],
        final: "ꡰދޙ𐇙",
      },
      {
        user: {"text": "Run the tests again.", "images": 0, "largeWeight": 0},
        steps: [
        ],
        final: "Done: the parser handles empty input now.",
      },
    ],
  },
  seed: 1677486752,
};

/** anthropic-turn-order (100 runs, seed 1): the summary merges into an assistant first tail message */
export const ANTHROPIC_ORDER_CASE: PolicyCase = {
  context: {"model": "gpt-4.1", "contextWindow": 32000, "maxOutputTokens": 8000, "fill": 1.58, "systemFraction": 0.07, "summarizerFailAt": [], "thinkSeconds": 4000},
  conversation: {
    system: "You are Hermes, a helpful assistant with tools.",
    compacted: null,
    turns: [
      {
        user: {"text": "Done: the parser handles empty input now.", "images": 2, "largeWeight": 0},
        steps: [
        ],
        final: "Fix the failing test in the parser.",
      },
      {
        user: {"text": "𝆺𝅥$", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "", "reasoning": null, "calls": [{"tool": "Edit", "args": "{}", "output": {"kind": "text", "text": "ꠕ␉𝣭㏘𖢺♅𘰭ﰹ⢫ᔊ᧙𞹺"}}]},
          {"text": "Looks good, now update the docs.", "reasoning": null, "calls": [{"tool": "search_files", "args": {"longContent": "src/parser.ts:42:  const value = tokens[index++];\n"}, "output": {"kind": "large", "unit": "src/parser.ts:42:  const value = tokens[index++];\n", "weight": 3}}, {"tool": "search_files", "args": "{\"pattern\":\"\"}", "output": {"kind": "text", "text": "Done: the parser handles empty input now."}}]},
        ],
        final: "ㅈ",
      },
      {
        user: {"text": "Überprüfe bitte die Konfiguration.", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "Looks good, now update the docs.", "reasoning": null, "calls": [{"tool": "search_files", "args": "{\"pattern\":\"㈚𒂞𒓼𛂬˔Ѳ𞺥ꐎ𝖘🧗\"}", "output": {"kind": "large", "unit": "error TS2345: Argument of type string is not assignable.\n", "weight": 3}}]},
          {"text": "ɇṔ𝥜便ꑞᡖ", "reasoning": null, "calls": [{"tool": "skill", "args": "{\"query\":\"cache break\"}", "output": {"kind": "large", "unit": "Überprüfung fehlgeschlagen — 检查失败 — проверка не удалась 🙂\n", "weight": 2}}, {"tool": "Glob", "args": "{\"query\":\"cache break\"}", "output": {"kind": "text", "text": "ⷜ𐍲୵#🕤𒿮𞊥⡍𝌍𓀰"}}]},
        ],
        final: "Looks good, now update the docs.",
      },
    ],
  },
  seed: 1005966182,
};

/** strict-alternation (100 runs, seed 1): two assistant summaries in a row, before the repair pass was ported */
export const STRICT_ALTERNATION_CASE: PolicyCase = {
  context: {"model": "gpt-4.1", "contextWindow": 32000, "maxOutputTokens": 8000, "fill": 1.58, "systemFraction": 0.07, "summarizerFailAt": [], "thinkSeconds": 4000},
  conversation: {
    system: "You are Hermes, a helpful assistant with tools.",
    compacted: null,
    turns: [
      {
        user: {"text": "𝆺𝅥$", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "Looks good, now update the docs.", "reasoning": null, "calls": [{"tool": "search_files", "args": {"longContent": "src/parser.ts:42:  const value = tokens[index++];\n"}, "output": {"kind": "large", "unit": "src/parser.ts:42:  const value = tokens[index++];\n", "weight": 3}}, {"tool": "search_files", "args": "{\"pattern\":\"\"}", "output": {"kind": "text", "text": "Done: the parser handles empty input now."}}]},
        ],
        final: "ㅈ",
      },
      {
        user: {"text": "Überprüfe bitte die Konfiguration.", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "Looks good, now update the docs.", "reasoning": null, "calls": [{"tool": "search_files", "args": "{\"pattern\":\"㈚𒂞𒓼𛂬˔Ѳ𞺥ꐎ𝖘🧗\"}", "output": {"kind": "large", "unit": "error TS2345: Argument of type string is not assignable.\n", "weight": 3}}]},
          {"text": "ɇṔ𝥜便ꑞᡖ", "reasoning": null, "calls": [{"tool": "delegate_task", "args": "{\"pattern\":\"\"}", "output": {"kind": "large", "unit": "{\"id\": 7, \"status\": \"ok\", \"items\": [1, 2, 3]}\n", "weight": 2}}, {"tool": "skill", "args": "{\"query\":\"cache break\"}", "output": {"kind": "large", "unit": "Überprüfung fehlgeschlagen — 检查失败 — проверка не удалась 🙂\n", "weight": 2}}, {"tool": "Glob", "args": "{\"query\":\"cache break\"}", "output": {"kind": "text", "text": "ⷜ𐍲୵#🕤𒿮𞊥⡍𝌍𓀰"}}]},
        ],
        final: "Looks good, now update the docs.",
      },
    ],
  },
  seed: 1005966182,
};

/**
 * within-window (300 runs, seed 1): a fallback summary keeps the whole current turn, 36,630 tokens in a 32,000
 * window. Found at fill 1.54 under the first Anthropic token scale (1.105 + 82); under the refit (1.137 + 44)
 * the same conversation crosses Hermes's threshold one step earlier, before the large turn, so the case runs
 * at fill 1.4, where it shows the fallback under either scale.
 */
export const WITHIN_WINDOW_CASE: PolicyCase = {
  context: {"model": "claude-sonnet-4.5", "contextWindow": 32000, "maxOutputTokens": 4096, "fill": 1.4, "systemFraction": 0.08, "summarizerFailAt": [1], "thinkSeconds": 400},
  conversation: {
    system: "You are a coding agent. Use the tools to inspect and change the repository.",
    compacted: null,
    turns: [
      {
        user: {"text": "请修复这个错误", "images": 1, "largeWeight": 3},
        steps: [
        ],
        final: "Done: the parser handles empty input now.",
      },
      {
        user: {"text": "请修复这个错误", "images": 0, "largeWeight": 0},
        steps: [
        ],
        final: "Überprüfe bitte die Konfiguration.",
      },
      {
        user: {"text": "Fix the failing test in the parser.", "images": 0, "largeWeight": 0},
        steps: [
          {"text": "The bug is an off-by-one in the tokenizer loop.", "reasoning": null, "calls": [{"tool": "memory", "args": "{\"query\":\"cache break\"}", "output": {"kind": "large", "unit": "{\"id\": 7, \"status\": \"ok\", \"items\": [1, 2, 3]}\n", "weight": 4}}]},
          {"text": "The bug is an off-by-one in the tokenizer loop.", "reasoning": null, "calls": [{"tool": "execute_code", "args": "{\"command\":\"npm test\"}", "output": {"kind": "large", "unit": "error TS2345: Argument of type string is not assignable.\n", "weight": 2}}]},
          {"text": "Run the tests again.", "reasoning": null, "calls": [{"tool": "Edit", "args": {"longContent": "PASS  test/unit/cache.test.ts (12 tests) 41ms\n"}, "output": {"kind": "large", "unit": "PASS  test/unit/cache.test.ts (12 tests) 41ms\n", "weight": 3}}, {"tool": "patch", "args": "{\"pattern\":\"\"}", "output": {"kind": "empty"}}]},
        ],
        final: "Run the tests again.",
      },
    ],
  },
  seed: 1573805589,
};

/** strict-alternation (--vary-params, 500 runs, seed 3): with todoSnapshot on, the snapshot follows a user message with parts */
export const TODO_ALTERNATION_CASE: PolicyCase = {
  context: {"model": "claude-sonnet-4.5", "contextWindow": 32000, "maxOutputTokens": 4096, "fill": 1.79, "systemFraction": 0.06, "summarizerFailAt": [], "thinkSeconds": 30},
  conversation: {
    system: "You are Hermes, a helpful assistant with tools.",
    compacted: null,
    turns: [
      {
        user: {"text": "Fix the failing test in the parser.", "images": 0, "largeWeight": 1},
        steps: [
          {"text": "The bug is an off-by-one in the tokenizer loop.", "reasoning": null, "calls": [{"tool": "patch", "args": "{\"path\":\"src/app.ts\"}", "output": {"kind": "large", "unit": "PASS  test/unit/cache.test.ts (12 tests) 41ms\n", "weight": 3}}]},
          {"text": "The bug is an off-by-one in the tokenizer loop.", "reasoning": null, "calls": [{"tool": "Read", "args": "{\"pattern\":\"\"}", "output": {"kind": "parts", "text": "Looks good, now update the docs.", "images": 1}}, {"tool": "Edit", "args": "{\"todos\":[{\"id\":1,\"status\":\"done\"}]}", "output": {"kind": "large", "unit": "Überprüfung fehlgeschlagen — 检查失败 — проверка не удалась 🙂\n", "weight": 3}}]},
        ],
        final: "Let me check the logs.",
      },
      {
        user: {"text": "Let me check the logs.", "images": 0, "largeWeight": 2},
        steps: [
        ],
        final: "The bug is an off-by-one in the tokenizer loop.",
      },
    ],
  },
  seed: 912002901,
  params: {"thresholdPercent": 0.5, "protectFirstN": 3, "protectLastN": 0, "summaryTargetRatio": 0.1, "reserveOutputTokens": false, "abortOnSummaryFailure": false, "antiThrash": "verdict", "memoryFlush": false, "memoryFlushTokens": 1, "todoSnapshot": true, "todoItems": 1},
};
