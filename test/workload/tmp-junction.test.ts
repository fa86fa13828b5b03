import { test, expect } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { safeJunction } from '../../src/workload/text/junction.js';
test('junction', () => {
  const alphabet = ['a','b','Z','Q','e','1','2','9','0',' ','  ','\n','\n\n','\t','.',',','(',')','/','\\','"',"'",'s','ll','→','é','_','-','{','}',':','\r\n','😀','ü','中'];
  let seed = 1; const r = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const gen = () => { let s=''; const n = 1 + Math.floor(r()*6); for (let i=0;i<n;i++) s += alphabet[Math.floor(r()*alphabet.length)]; return s; };
  let safe = 0, bad: string[] = [];
  for (let i = 0; i < 200000; i++) { const a = gen(), b = gen(); if (safeJunction(a,b)) { safe++; if (countTokens(a+b) !== countTokens(a)+countTokens(b)) bad.push(JSON.stringify([a,b])); } }
  console.log('safe', safe, 'bad', bad.length, bad.slice(0,20));
  expect(bad.length).toBe(0);
});
