#!/bin/sh
# Runs every fuzz target (or FUZZ_TARGETS) for FUZZ_SECONDS each, from the committed seeds in
# Fuzz/corpus/<target>/ plus what earlier runs kept in .build-fuzz/corpus/<target>/, and prints the
# execs, coverage and findings of each (one allocation over 512 MB is a finding). A finding (crash-*, timeout-*, oom-*) is kept in
# .build-fuzz/findings/<target>/: copy it to Fuzz/regressions/<target>/ and fix it; the replay
# test runs everything there. Exits 1 when anything was found.
set -u
bin=${FUZZ_BIN:-.build-fuzz/debug/factory-fuzz}
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"manifest anthropic openai-chat openai-speech runware image audio"}
# Leak checks off: libvips and libav keep caches for the process's life, which are not leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
found_any=0
printf '%-14s %12s %8s %8s %s\n' target execs exec/s edges findings
for t in $targets; do
  work=.build-fuzz/corpus/$t; found=.build-fuzz/findings/$t; log=.build-fuzz/logs/$t.log
  mkdir -p "$work" "$found" .build-fuzz/logs
  FACTORY_FUZZ_TARGET=$t "$bin" "$work" "Fuzz/corpus/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$found/" >"$log" 2>&1
  execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
  rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
  edges=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  artifacts=$(ls "$found" 2>/dev/null | wc -l)
  if [ "$artifacts" -gt 0 ]; then
    found_any=1
    what=$(grep -m1 -E 'ERROR: (AddressSanitizer|libFuzzer)|Fatal error|SUMMARY' "$log" | cut -c1-120)
    printf '%-14s %12s %8s %8s %s: %s (log %s)\n' "$t" "${execs:-?}" "${rate:-?}" "${edges:-?}" "$artifacts" "$what" "$log"
    ls "$found" | sed 's/^/                 /'
  else
    printf '%-14s %12s %8s %8s none\n' "$t" "${execs:-?}" "${rate:-?}" "${edges:-?}"
  fi
done
exit $found_any
