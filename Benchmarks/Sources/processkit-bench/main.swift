// processkit-bench: ProcessKit against raw posix_spawn, swift-subprocess 1.0.2 and Foundation,
// side by side in one process. Rounds are interleaved (each round runs every contender once, in a
// rotating order) so that machine noise falls on all contenders alike.

import Foundation

struct Options {
    var iterations = 500
    var warmup = 50
    var runs = 5
    var mebibytes = 1024
    var capture = true
    var spawn = true
    var throughput = true
    /// Only contenders whose name contains this (for profiling one contender alone).
    var only: String?

    static let usage = """
        usage: processkit-bench [--iterations N] [--warmup N] [--runs N] [--mib N]
                                [--no-capture] [--spawn-only | --throughput-only]

          --iterations N    spawn+wait rounds per contender (default 500)
          --warmup N        unmeasured spawn rounds first (default 50)
          --runs N          throughput rounds per contender (default 5)
          --mib N           MiB through the child's stdout per throughput run (default 1024)
          --no-capture      skip ProcessKit .capture in the throughput part
          --only TEXT       run only the contenders whose name contains TEXT (for profiling;
                            ratios then need the raw contender to be among them)
        """

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        func number(after flag: String, minimum: Int = 1) throws -> Int {
            guard let text = remaining.popFirst(), let value = Int(text), value >= minimum else {
                throw BenchError("\(flag) needs a number >= \(minimum)\n\(usage)")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--iterations": options.iterations = try number(after: argument)
            case "--warmup": options.warmup = try number(after: argument, minimum: 0)
            case "--runs": options.runs = try number(after: argument)
            case "--mib": options.mebibytes = try number(after: argument)
            case "--no-capture": options.capture = false
            case "--only":
                guard let text = remaining.popFirst() else { throw BenchError("--only needs a text\n\(usage)") }
                options.only = text
            case "--spawn-only": options.throughput = false
            case "--throughput-only": options.spawn = false
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw BenchError("unknown argument '\(argument)'\n\(usage)")
            }
        }
        return options
    }
}

extension Options {
    func selects(_ contender: Contender) -> Bool { only.map { contender.name.contains($0) } ?? true }
}

/// SplitMix64: a fixed-seed generator, so that every run shuffles the rounds the same way.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs every contender once per round, in a new random order each round, so that no contender
/// always runs first or always follows the same neighbour (whose leftover work, such as
/// Foundation reaping a child in the background, would land on it).
func interleaved(
    _ contenders: [Contender], rounds: Int, check: (Contender, Int) throws -> Void = { _, _ in }
) async throws -> [Samples] {
    var samples = Array(repeating: Samples(), count: contenders.count)
    var generator = SplitMix64(state: 0x5052_4546_4C49_4748)
    for _ in 0..<rounds {
        for index in contenders.indices.shuffled(using: &generator) {
            let (value, seconds) = try await timed { try await contenders[index].run() }
            try check(contenders[index], value)
            samples[index].append(seconds)
        }
    }
    return samples
}

func spawnBenchmark(_ options: Options) async throws -> [(name: String, samples: Samples)] {
    let contenders = spawnContenders().filter { options.selects($0) }
    _ = try await interleaved(contenders, rounds: options.warmup)
    let samples = try await interleaved(contenders, rounds: options.iterations)

    print("== spawn + wait of /bin/true: \(options.iterations) rounds (after \(options.warmup) warm-up), interleaved")
    var table = Table(
        ["contender", "min", "median", "p90", "median ratio", "p90 ratio"],
        rightAligned: [false, true, true, true, true, true])
    let base = samples[0]
    for (contender, sample) in zip(contenders, samples) {
        table.add([
            contender.name, milliseconds(sample.minimum), milliseconds(sample.median), milliseconds(sample.p90),
            ratio(sample.median / base.median), ratio(sample.p90 / base.p90),
        ])
    }
    print(table.text)
    print("(ratio: the contender's time over the first row's, raw posix_spawn; 1.00x is the floor)")
    print()
    return zip(contenders, samples).map { ($0.name, $1) }
}

func launchBreakdown(_ options: Options) async throws {
    let probes = launchProbes().filter { options.only.map($0.name.contains) ?? true }
    guard !probes.isEmpty else { return }
    var samples = Array(repeating: Samples(), count: probes.count)
    var generator = SplitMix64(state: 0x4C41_554E_4348)
    for round in 0..<(options.warmup + options.iterations) {
        for index in probes.indices.shuffled(using: &generator) {
            let seconds = try await probes[index].measure()
            if round >= options.warmup { samples[index].append(seconds) }
        }
    }
    print("== where spawn time goes: sub-steps timed alone, \(options.iterations) rounds, interleaved")
    var table = Table(["sub-step", "min", "median", "p90"], rightAligned: [false, true, true, true])
    for (probe, sample) in zip(probes, samples) {
        table.add([probe.name, milliseconds(sample.minimum), milliseconds(sample.median), milliseconds(sample.p90)])
    }
    print(table.text)
    print()
}

func throughputBenchmark(_ options: Options) async throws -> [(name: String, samples: Samples)] {
    let expected = options.mebibytes << 20
    let gibibytes = Double(expected) / Double(1 << 30)
    func verify(_ contender: Contender, _ count: Int) throws {
        if count != expected { throw BenchError("\(contender.name): read \(count) bytes, expected \(expected)") }
    }

    // One short unmeasured round: page in the binaries and the code paths.
    let warmup = throughputContenders(mebibytes: 64, includeCapture: options.capture).filter { options.selects($0) }
    _ = try await interleaved(warmup, rounds: 1) { contender, count in
        if count != 64 << 20 { throw BenchError("\(contender.name): warm-up read \(count) bytes") }
    }

    let contenders = throughputContenders(mebibytes: options.mebibytes, includeCapture: options.capture).filter {
        options.selects($0)
    }
    let samples = try await interleaved(contenders, rounds: options.runs, check: verify)

    print(
        "== \(options.mebibytes) MiB through a child's stdout (/bin/dd if=/dev/zero bs=1M count=\(options.mebibytes)):"
            + " \(options.runs) runs each, interleaved; wall time includes spawn and wait")
    var table = Table(
        ["contender", "best", "median", "worst", "best ratio", "median ratio"],
        rightAligned: [false, true, true, true, true, true])
    let base = samples[0]
    for (contender, sample) in zip(contenders, samples) {
        table.add([
            contender.name, gibPerSecond(gibibytes / sample.minimum), gibPerSecond(gibibytes / sample.median),
            gibPerSecond(gibibytes / sample.maximum), ratio(base.minimum / sample.minimum),
            ratio(base.median / sample.median),
        ])
    }
    print(table.text)
    print("(ratio: the contender's GiB/s over the first row's, the raw C read loop with the default pipe)")
    print()
    return zip(contenders, samples).map { ($0.name, $1) }
}

/// The descriptors open in this process (Foundation's `Process.run()` adds one close action per
/// descriptor number up to the highest open one, so stray inherited descriptors slow it down).
func openDescriptors() -> [Int32] {
    (0..<4096).filter { fcntl($0, F_GETFD) != -1 }
}

func verdict(_ met: Bool) -> String { met ? "MET" : "NOT MET" }

/// The samples of the contender whose name starts with `prefix` (the raw baseline is first).
func samples(_ results: [(name: String, samples: Samples)], _ prefix: String) -> Samples? {
    results.first { $0.name.hasPrefix(prefix) }?.samples
}

do {
    let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    let descriptors = openDescriptors()
    print(
        "processkit-bench: pid \(getpid()), \(ProcessInfo.processInfo.activeProcessorCount) CPUs,"
            + " open descriptors at start: \(descriptors.map(String.init).joined(separator: " "))")
    print()
    var verdicts: [String] = []
    if options.spawn {
        let results = try await spawnBenchmark(options)
        if let base = samples(results, "raw")?.median {
            for name in ["runBlocking(), .discard", "runBlocking(), capture", "async run()"] {
                guard let value = samples(results, "ProcessKit \(name)").map({ $0.median / base }) else { continue }
                verdicts.append(
                    "spawn  ProcessKit \(name) <= 1.2x raw (median): \(ratio(value)) \(verdict(value <= 1.2))")
            }
        }
        try await launchBreakdown(options)
    }
    if options.throughput {
        let results = try await throughputBenchmark(options)
        let gibibytes = Double(options.mebibytes << 20) / Double(1 << 30)
        for name in [".chunks", ".capture"] {
            guard let value = samples(results, "ProcessKit \(name)").map({ gibibytes / $0.median }) else { continue }
            verdicts.append(
                "stdout ProcessKit \(name) >= 1.5 GiB/s (median): \(gibPerSecond(value)) \(verdict(value >= 1.5))")
        }
    }
    if !verdicts.isEmpty {
        print("== targets")
        for line in verdicts { print(line) }
    }
} catch {
    FileHandle.standardError.write(Data("processkit-bench: \(error)\n".utf8))
    exit(1)
}
