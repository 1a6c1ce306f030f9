using System.Diagnostics;
using System.Diagnostics.Metrics;
using BenchmarkDotNet.Attributes;
using FastFormatters.Diagnostics;
using FastFormatters.Json;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.Benchmarks;

/// <summary>
/// What recording one formatter operation costs (<see cref="FormatterMetrics.Record"/>: counters, two histograms and
/// the Meter instruments), with nobody listening to the meter and with a <see cref="MeterListener"/> taking every
/// measurement, as an OpenTelemetry exporter does. Set against the CPU time of a request, this bounds the overhead of
/// <c>RecordMetrics</c> more tightly than an HTTP run on a noisy machine can.
/// </summary>
[MemoryDiagnoser]
public class DiagnosticsBenchmarks
{
    private ServiceProvider? _services;
    private FormatterMetrics _metrics = null!;
    private MeterListener? _listener;
    private long _start;

    [Params(false, true)]
    public bool Listening { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        _metrics = new FormatterMetrics(_services.GetRequiredService<IMeterFactory>(), ["json", "jsonc", "msgpack"]);
        if (Listening)
        {
            _listener = new MeterListener
            {
                InstrumentPublished = (instrument, listener) =>
                {
                    if (instrument.Meter.Name == "FastFormatters")
                    {
                        listener.EnableMeasurementEvents(instrument);
                    }
                },
            };
            _listener.SetMeasurementEventCallback<double>(static (_, _, _, _) => { });
            _listener.SetMeasurementEventCallback<long>(static (_, _, _, _) => { });
            _listener.Start();
        }

        _start = Stopwatch.GetTimestamp();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _listener?.Dispose();
        _metrics.Dispose();
        _services?.Dispose();
    }

    /// <summary>One response written: what every FastFormatters write records.</summary>
    [Benchmark]
    public void RecordWrite()
        => _metrics.Record(JsonFormat.Definition, FormatterDirection.Write, "application/json; charset=utf-8", FormatterOutcome.Ok, 193, _start, _start + 1_000, _start + 5_000);
}
