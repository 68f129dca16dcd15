extension PiperVoice {
    /// The worker run by the venv's Python (`python -c`): it loads the voice once with Piper's own
    /// Python API (piper-tts 1.8, `PiperVoice.load(…, include_alignments=True)`, which needs the
    /// `onnx` package of the `alignment` extra to patch the model in memory), then answers requests
    /// until its stdin closes. Loading costs about 2 s (Python, onnx, the patch, onnxruntime's
    /// session) against 1.6 s to speak a paragraph, so one worker speaks every chunk it is given.
    ///
    ///     python -c WORKER model.onnx model.onnx.json threads
    ///
    /// A request is one JSON line: `{"text": …, "scale": 1.35, "silence": 0.5}`. Its text is spoken
    /// line by line as the `piper` CLI does, with `silence` seconds between sentences. The answer is
    /// one JSON line, `{"bytes": n, "aligned": true, "phonemes": […], "samples": […]}` (each
    /// phoneme's sample count, sentence pauses as " "), followed by n bytes of 16-bit PCM; or
    /// `{"error": "…"}` and no audio when that text could not be spoken (the worker stays usable).
    /// Without alignments (no `onnx`, or phonemes and samples that disagree) it says `aligned: false`.
    ///
    /// `threads` sets onnxruntime's intra-op threads: the factory runs one worker a core, and two
    /// workers of two threads each on two cores measured 13 % slower than two of one thread.
    /// piper-tts builds its session with `onnxruntime.SessionOptions()` and takes no options, so the
    /// worker hands it a factory that sets the count.
    static let workerScript = #"""
from importlib import import_module
from json import dumps, loads
from sys import argv, stdin, stdout
model, config, threads = argv[1], argv[2], int(argv[3])
if threads > 0:
    onnxruntime = import_module("onnxruntime")
    plain_options = onnxruntime.SessionOptions
    def counted_options():
        options = plain_options()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        return options
    onnxruntime.SessionOptions = counted_options
from piper import PiperVoice, SynthesisConfig
voice = PiperVoice.load(model, config_path=config, include_alignments=True)
out = stdout.buffer
while True:
    line = stdin.buffer.readline()  # bytes: the request is UTF-8 JSON whatever the locale says
    if not line:
        break
    if not line.strip():
        continue
    pcm, phonemes, samples, aligned, first = bytearray(), [], [], True, True
    try:
        ask = loads(line)
        gap = int(voice.config.sample_rate * float(ask["silence"]))
        syn = SynthesisConfig(length_scale=float(ask["scale"]))
        for text in str(ask["text"]).splitlines():
            if not text.strip():
                continue
            for chunk in voice.synthesize(text.strip(), syn, include_alignments=True):
                if not first:
                    pcm += bytes(gap * 2)
                    phonemes.append(" ")
                    samples.append(gap)
                first = False
                audio = chunk.audio_int16_bytes
                pcm += audio
                spans = chunk.phoneme_alignments or []
                if not spans or sum(int(a.num_samples) for a in spans) != len(audio) // 2:
                    aligned = False
                phonemes.extend(a.phoneme for a in spans)
                samples.extend(int(a.num_samples) for a in spans)
        header = {"bytes": len(pcm), "aligned": aligned and not first, "phonemes": phonemes, "samples": samples}
    except Exception as error:
        pcm, header = bytearray(), {"error": f"{type(error).__name__}: {error}"}
    out.write(dumps(header).encode("ascii") + b"\n")
    out.write(pcm)
    out.flush()
"""#
}
