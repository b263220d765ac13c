#!/usr/bin/env python3
"""Writes OUT/m000..mNNN: copies of a small corpus, each with a few deterministic mutations
(lines deleted, duplicated, characters changed, types/names garbled), so that the diagnostics
paths of loggen run. Usage: mutate-definitions.py SRC OUT COUNT (for loggen-differential.sh)"""
import os, random, shutil, sys
src, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
files = sorted(f for f in os.listdir(src) if f.endswith('.md'))
tokens = ['!string', '!integer', '!boolean', '!double', '!enum(a, b)', '!string(maxLength: 3)', '[pii]', '[deprecated]', '[obsolete]',
          '## ', '# ', '- ', '    - ', '`', '*', 'é', '\t', '!', ':', 'max_length', 'pattern: ^a+$', '!array(!string)', '!date', '!uuid', 'common', 'types']
shutil.rmtree(out, ignore_errors=True)
for n in range(count):
    rng = random.Random(n)
    d = os.path.join(out, 'm%03d' % n)
    os.makedirs(d)
    chosen = set(rng.sample(files, min(len(files), 6)))
    for f in files[:12] + [x for x in files if x in ('common.md', 'types.md')]:
        data = open(os.path.join(src, f), encoding='utf-8').read()
        if f in chosen:
            lines = data.split('\n')
            for _ in range(rng.randint(1, 5)):
                if not lines: break
                i = rng.randrange(len(lines))
                op = rng.randrange(6)
                if op == 0: del lines[i]
                elif op == 1: lines.insert(i, lines[i])
                elif op == 2 and lines[i]:
                    j = rng.randrange(len(lines[i])); lines[i] = lines[i][:j] + rng.choice(tokens) + lines[i][j+1:]
                elif op == 3: lines[i] = lines[i].replace('!', '!x', 1)
                elif op == 4: lines.insert(i, rng.choice(tokens) + rng.choice(['x', 'a_b', 'Caps', '1st', 'self', 'Type', '']) + rng.choice([': !string', '', ': !integer']))
                else: lines[i] = lines[i].upper()
            data = '\n'.join(lines)
        open(os.path.join(d, f), 'w', encoding='utf-8').write(data)
