extension PiperVoice {
    /// The helper run by the venv's Python (`python -c`): Piper's own Python API (piper-tts 1.8,
    /// `PiperVoice.synthesize(…, include_alignments=True)`, which needs the `onnx` package of the
    /// `alignment` extra to patch the model in memory) speaks stdin line by line as the `piper`
    /// CLI does, writes raw 16-bit PCM to stdout with `silence` seconds between sentences, and
    /// writes each phoneme's sample count to the JSON file named last. Without alignments (no
    /// `onnx`, or a sentence whose phonemes and samples disagree) the JSON says `aligned: false`.
    ///
    ///     python -c HELPER model.onnx model.onnx.json length_scale silence alignment.json
    static let helperScript = #"""
from json import dump
from sys import argv, stdin, stdout
from piper import PiperVoice, SynthesisConfig
model, config, scale, silence, report = argv[1:6]
voice = PiperVoice.load(model, config_path=config, include_alignments=True)
gap = int(voice.config.sample_rate * float(silence))
syn = SynthesisConfig(length_scale=float(scale))
out, phonemes, samples, aligned, first = stdout.buffer, [], [], True, True
for line in stdin.read().splitlines():
    if not line.strip():
        continue
    for chunk in voice.synthesize(line.strip(), syn, include_alignments=True):
        if not first:
            out.write(bytes(gap * 2))
            phonemes.append(" ")
            samples.append(gap)
        first = False
        pcm = chunk.audio_int16_bytes
        out.write(pcm)
        spans = chunk.phoneme_alignments or []
        if not spans or sum(int(a.num_samples) for a in spans) != len(pcm) // 2:
            aligned = False
        phonemes.extend(a.phoneme for a in spans)
        samples.extend(int(a.num_samples) for a in spans)
out.flush()
with open(report, "w", encoding="utf-8") as f:
    dump({"aligned": aligned and not first, "phonemes": phonemes, "samples": samples}, f)
"""#
}
