import FactoryBench

// The benchmarks live in FactoryBench; this file only starts them.
await BenchCommand.entry()
