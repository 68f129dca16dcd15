import Foundation

extension PiperVoice {
    /// The worker run by the venv's Python (`python -c`): it ignores SIGINT (the factory ends it by
    /// closing its stdin) and ends itself when its parent is gone. It loads the voice once with Piper's own
    /// Python API (piper-tts 1.8, `PiperVoice.load(…, include_alignments=True)`, which needs the
    /// `onnx` package of the `alignment` extra to patch the model in memory), then answers requests
    /// until its stdin closes.
    ///
    ///     python -c WORKER model.onnx model.onnx.json threads [cache-folder]
    ///
    /// Loading cost 1.0–1.1 s a worker (Python and onnx imported, the model patched, onnxruntime's
    /// graph optimised), on both cores at once before a story's first word. With a cache folder the
    /// first worker saves the patched, optimised graph there (onnxruntime's
    /// `optimized_model_filepath`, written to a temporary name and renamed), and later ones load it
    /// as it is, with optimisation off: 0.4 s, and the same samples (checked with the noise at 0).
    /// The file is named after the model's content (its SHA-256, worked out once per model file and
    /// kept beside the graphs in a small `.id` file named after the model's path, size and time),
    /// onnxruntime's version and the CPU's flags, since an optimised graph may hold code for this
    /// processor only: every checkout and venv with the same voice shares one 63 MB graph (keyed on
    /// the path, each clone had added its own). A graph is touched when loaded; graphs and `.id`
    /// files not used for 30 days, and temporary files a day old, are removed when a new graph is
    /// saved. Anything wrong with the cache (unwritable, unreadable) falls back to loading as before.
    ///
    /// A request is one JSON line: `{"text": …, "scale": 1.35, "silence": 0.5, "longest": 120}`. Its
    /// text is spoken line by line as the `piper` CLI does, with `silence` seconds between sentences,
    /// and a sentence of more than `longest` phonemes in parts (0: whole). The answer is
    /// one JSON line, `{"bytes": n, "aligned": true, "phonemes": […], "samples": […]}` (each
    /// phoneme's sample count, sentence pauses as " "), followed by n bytes of 16-bit PCM; or
    /// `{"error": "…"}` and no audio when that text could not be spoken (the worker stays usable).
    /// Without alignments (no `onnx`, or phonemes and samples that disagree) it says `aligned: false`.
    ///
    /// `threads` sets onnxruntime's intra-op threads: the factory runs one worker a voice with every
    /// core (two workers of one thread each read faster, 2× the memory: see `PiperWorkers`).
    /// piper-tts builds its session with `onnxruntime.SessionOptions()` and takes no options, so the
    /// worker hands it a factory that sets the count (and the cache's settings).
    static let workerScript = #"""
from hashlib import file_digest, sha256
from importlib import import_module
from json import dumps, loads
from os import getpid, listdir, makedirs, path, replace, stat, unlink, utime
from platform import machine
from sys import argv, stdin, stdout
from time import time
from signal import SIGINT, SIG_IGN, signal
from threading import Event, Thread
model, config, threads = argv[1], argv[2], int(argv[3])
# Ctrl-C reaches the whole process group: the factory decides when this worker stops (stdin closes).
signal(SIGINT, SIG_IGN)
def orphaned(parent):
    # A killed factory closes our stdin, but we read it only between requests: while a long text is
    # spoken, this thread sees the parent gone (we were handed to another) and ends us at once.
    from os import _exit, getppid
    while getppid() == parent:
        Event().wait(0.25)
    _exit(0)
Thread(target=orphaned, args=(__import__("os").getppid(),), daemon=True).start()
folder = argv[4] if len(argv) > 4 else ""
onnxruntime = import_module("onnxruntime")
cached, building = "", ""
def write_new(name, data):
    temporary = f"{name}.{getpid()}.tmp"
    with open(temporary, "w") as out:
        out.write(data)
    replace(temporary, name)
def touch(name):
    # Marks a file used, for `prune`; a cache shared read-only is still read.
    try:
        utime(name)
    except OSError:
        pass
def content_id(model, stem):
    facts = stat(model)
    where = sha256(f"{path.abspath(model)}|{facts.st_size}|{facts.st_mtime_ns}".encode()).hexdigest()[:24]
    known = path.join(folder, f"{stem}-{where}.id")
    try:
        with open(known) as kept:
            found = kept.read().strip()
        if len(found) == 64:
            touch(known)
            return found
    except OSError:
        pass
    with open(model, "rb") as data:
        digest = file_digest(data, "sha256").hexdigest()
    write_new(known, digest)
    return digest
def prune(stem, keep):
    now = time()
    for name in listdir(folder):
        full = path.join(folder, name)
        stale = name.endswith(".tmp") and now - stat(full).st_mtime > 86400
        stale = stale or (name.startswith(stem + "-") and name.endswith((".onnx", ".id")) and full != keep
                          and now - stat(full).st_mtime > 30 * 86400)
        if stale:
            unlink(full)
if folder:
    try:
        makedirs(folder, exist_ok=True)
        stem = path.basename(model).removesuffix(".onnx")
        flags = next((line for line in open("/proc/cpuinfo") if line.startswith("flags")), "")
        key = sha256(f"{content_id(model, stem)}|{onnxruntime.__version__}|{machine()}|{flags}".encode()).hexdigest()[:24]
        cached = path.join(folder, f"{stem}-{key}.onnx")
        if path.exists(cached):
            touch(cached)
        else:
            building, cached = f"{cached}.{getpid()}.tmp", ""
    except OSError:
        cached, building = "", ""
plain_options = onnxruntime.SessionOptions
def counted_options():
    options = plain_options()
    options.log_severity_level = 3
    if threads > 0:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    if cached:
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    elif building:
        options.optimized_model_filepath = building
    return options
onnxruntime.SessionOptions = counted_options
from piper import PiperVoice, SynthesisConfig
try:
    voice = PiperVoice.load(cached or model, config_path=config, include_alignments=not cached)
    if building:
        saved = building.removesuffix(f".{getpid()}.tmp")
        replace(building, saved)
        try:
            prune(stem, saved)
        except OSError:
            pass
except Exception:
    if building and path.exists(building):
        unlink(building)
    cached, building = "", ""
    voice = PiperVoice.load(model, config_path=config, include_alignments=True)
# A sentence's activations grow with its length (about 1 MB a phoneme at the bedtime pace: a
# 600-character sentence peaked at 1 GB), so one longer than `longest` phonemes is read in parts,
# each ending at a comma, semicolon or colon past its first third, else at a word break. A part's
# end and the next one's start already make the pause a comma would.
BREAKS = {",", ";", ":"}
def parts(phonemes, longest):
    out = []
    while longest > 0 and len(phonemes) > longest:
        window = phonemes[:longest]
        cut = max((i for i, p in enumerate(window) if p in BREAKS and i >= longest // 3), default=-1) + 1
        if cut == 0:
            cut = max((i for i, p in enumerate(window) if p == " " and i > 0), default=longest)
        out.append(phonemes[:cut])
        phonemes = phonemes[cut:]
        while phonemes and phonemes[0] == " ":
            phonemes = phonemes[1:]
    return [part for part in out + [phonemes] if part]
whole_sentences = voice.phonemize
joins, longest = [], 0
def phonemize_in_parts(text):
    # piper's `synthesize` yields one chunk for each list returned here, in order; `joins` says
    # which chunks go on the sentence before them.
    found = []
    joins.clear()
    for sentence in whole_sentences(text):
        for index, part in enumerate(parts(sentence, longest)):
            found.append(part)
            joins.append(index > 0)
    return found
voice.phonemize = phonemize_in_parts
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
        longest = int(ask.get("longest", 0))
        for text in str(ask["text"]).splitlines():
            if not text.strip():
                continue
            for index, chunk in enumerate(voice.synthesize(text.strip(), syn, include_alignments=True)):
                if not first and not joins[index]:
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

extension PiperVoice {
    /// Where workers keep the voice's optimised graph: `FACTORY_PIPER_CACHE`, else
    /// `$XDG_CACHE_HOME/contentfactory/piper`, else `~/.cache/contentfactory/piper`; nil (no cache)
    /// when `FACTORY_PIPER_CACHE` is `off` or there is no home.
    public static func cacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let named = environment["FACTORY_PIPER_CACHE"], !named.isEmpty { return named == "off" ? nil : named }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/contentfactory/piper" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/contentfactory/piper"
    }
}
