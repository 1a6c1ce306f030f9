using System.Diagnostics;
using System.Globalization;

namespace FastFormatters.Fuzzing;

/// <summary>
/// Runs a fuzz pass: makes each input, places it against a guard page, reads it with every target, and checks the
/// property: each read returns or throws <see cref="FormatReadException"/> (naming this format, at a position inside
/// the input); nothing else escapes; no input takes longer than <see cref="FuzzSettings.InputTimeout"/>.
/// </summary>
/// <remarks>
/// The loop runs on a thread of its own so the calling thread can be its watchdog: a hung read cannot be interrupted,
/// but the watchdog sees the input's start time go stale, reports that input (its bytes are published before each read)
/// and returns; the loop thread is a background thread and dies with the process. The watchdog waits by joining the
/// loop thread with a timeout, so it wakes at once when the pass ends and otherwise only to look at the clock. Each
/// input's outcome is gathered apart and merged into the report under a lock, so a read that comes back after the
/// watchdog gave up on it cannot change the report the watchdog returned.
/// </remarks>
internal sealed class FuzzRunner
{
    private static readonly TimeSpan s_watchInterval = TimeSpan.FromMilliseconds(200);

    private readonly FuzzFormat _format;
    private readonly FuzzSettings _settings;
    private readonly Mutator _mutator;
    private readonly IReadOnlyList<FuzzTarget> _targets;

    // The outcome of the input being read, merged into the report once all its reads are done.
    private readonly bool[] _acceptedBy;
    private readonly bool[] _rejectedBy;
    private readonly List<string> _rejections = [];
    private readonly List<FuzzFinding> _findings = [];
    private int _otherExceptions;

    // Published by the loop for the watchdog: the input being read and when its reads started (0 between inputs).
    private byte[] _currentInput = [];
    private long _currentIteration;
    private long _inputStarted;
    private volatile bool _stop;
    private bool _abandoned;
    private Exception? _harnessError;

    /// <param name="targets">The reads to make of each input: <see cref="FuzzTargets.For"/> unless a test of the harness gives its own.</param>
    public FuzzRunner(FuzzFormat format, FuzzSettings settings, IReadOnlyList<FuzzTarget>? targets = null)
    {
        _format = format;
        _settings = settings;
        _mutator = new Mutator(format, FuzzCorpus.For(format), settings.MaxInputLength);
        _targets = targets ?? FuzzTargets.For(format);
        _acceptedBy = new bool[_targets.Count];
        _rejectedBy = new bool[_targets.Count];
    }

    public static FuzzReport Run(FuzzFormat format, FuzzSettings settings) => new FuzzRunner(format, settings).Run();

    public FuzzReport Run()
    {
        using var buffer = new GuardedBuffer(_settings.MaxInputLength);
        var report = new FuzzReport(_format, _settings, _targets, buffer.IsGuarded);
        var thread = new Thread(() => Loop(buffer, report)) { IsBackground = true, Name = $"fuzz {_format.Name}" };
        long passStarted = Stopwatch.GetTimestamp();
        thread.Start();
        while (!thread.Join(s_watchInterval))
        {
            if (Hung(report))
            {
                // The loop thread cannot be stopped; the buffer it reads from must outlive it, so it is left mapped.
                buffer.Abandon();
                report.Elapsed = Stopwatch.GetElapsedTime(passStarted);
                return report;
            }

            if (_settings.PassTimeout is { } limit && !_stop && Stopwatch.GetElapsedTime(passStarted) > limit)
            {
                // Stops after the current input; the watch goes on, in case that input is the one that hangs.
                _stop = true;
                report.Aborted = $"the pass took longer than {limit.TotalSeconds} s";
            }
        }

        report.Elapsed = Stopwatch.GetElapsedTime(passStarted);
        if (_harnessError is not null)
        {
            report.Aborted = $"the harness failed at iteration {_currentIteration}: {_harnessError}";
        }
        else if (report.Aborted is null && report.Inputs != _settings.Iterations)
        {
            report.Aborted = $"{report.Inputs} of {_settings.Iterations} inputs were run";
        }

        return report;
    }

    // Whether the input being read has taken longer than the limit; if so, the report ends with it.
    private bool Hung(FuzzReport report)
    {
        lock (report)
        {
            long started = Volatile.Read(ref _inputStarted);
            if (started == 0 || Stopwatch.GetElapsedTime(started) <= _settings.InputTimeout)
            {
                return false;
            }

            _abandoned = true;
            _stop = true;
            var message = $"No result after {_settings.InputTimeout.TotalSeconds} s.";
            report.AddFinding(new FuzzFinding("hang", _settings.Seed, _currentIteration, "all", message, string.Empty, _currentInput));
            report.Aborted = $"input {_currentIteration} hung";
            return true;
        }
    }

    private void Loop(GuardedBuffer buffer, FuzzReport report)
    {
        try
        {
            long end = _settings.FirstIteration + _settings.Iterations;
            for (long iteration = _settings.FirstIteration; iteration < end && !_stop; iteration++)
            {
                Checkpoint(iteration);
                byte[] input = _mutator.Mutate(FuzzRandom.ForIteration(_settings.Seed, iteration));

                // Mostly against the trailing guard page (reads past the end); every fourth against the leading one.
                var placed = (iteration & 3) == 3 ? buffer.PlaceAtStart(input) : buffer.PlaceAtEnd(input);
                lock (report)
                {
                    _currentInput = input;
                    _currentIteration = iteration;
                    Volatile.Write(ref _inputStarted, Stopwatch.GetTimestamp());
                }

                long started = Stopwatch.GetTimestamp();
                ReadAll(placed, input, iteration);
                var elapsed = Stopwatch.GetElapsedTime(started);
                lock (report)
                {
                    Volatile.Write(ref _inputStarted, 0);
                    if (_abandoned)
                    {
                        return;
                    }

                    Merge(report, input, iteration, elapsed);
                }
            }
        }
        catch (Exception ex)
        {
            _harnessError = ex;
        }
    }

    // Reads the input with every target, noting each outcome for Merge.
    private void ReadAll(ReadOnlySpan<byte> placed, byte[] input, long iteration)
    {
        for (int t = 0; t < _targets.Count; t++)
        {
            _acceptedBy[t] = false;
            _rejectedBy[t] = false;
            try
            {
                _ = _targets[t].Read(placed);
                _acceptedBy[t] = true;
            }
            catch (FormatReadException ex)
            {
                _rejectedBy[t] = true;
                _rejections.Add(ex.Message);
                if (ex.Format != _format.ExceptionFormat)
                {
                    _findings.Add(new FuzzFinding("wrong-format", _settings.Seed, iteration, _targets[t].Name, $"FormatReadException: Format is '{ex.Format}', expected '{_format.ExceptionFormat}': {ex.Message}", FuzzFinding.Shorten(ex.StackTrace), input));
                }

                if (ex.BytePosition < 0 || ex.BytePosition > PositionLimit(input))
                {
                    _findings.Add(new FuzzFinding("bad-position", _settings.Seed, iteration, _targets[t].Name, $"FormatReadException: BytePosition {ex.BytePosition} is outside the {input.Length}-byte input: {ex.Message}", FuzzFinding.Shorten(ex.StackTrace), input));
                }
            }
            catch (Exception ex)
            {
                _otherExceptions++;
                _findings.Add(new FuzzFinding("exception", _settings.Seed, iteration, _targets[t].Name, $"{ex.GetType().FullName}: {ex.Message}", FuzzFinding.Shorten(ex.ToString()), input));
            }
        }
    }

    private void Merge(FuzzReport report, byte[] input, long iteration, TimeSpan elapsed)
    {
        bool accepted = false;
        for (int t = 0; t < _targets.Count; t++)
        {
            accepted |= _acceptedBy[t];
            report.AcceptedByTarget[t] += _acceptedBy[t] ? 1 : 0;
            report.RejectedByTarget[t] += _rejectedBy[t] ? 1 : 0;
        }

        foreach (var message in _rejections)
        {
            report.AddRejection(message);
        }

        foreach (var finding in _findings)
        {
            report.AddFinding(finding);
        }

        report.OtherExceptions += _otherExceptions;
        report.Inputs++;
        if (accepted)
        {
            report.InputsAccepted++;
        }
        else
        {
            report.InputsRejected++;
        }

        if (elapsed > report.Slowest)
        {
            report.Slowest = elapsed;
            report.SlowestIteration = iteration;
            report.SlowestLength = input.Length;
        }

        if (elapsed > _settings.InputTimeout)
        {
            report.AddFinding(new FuzzFinding("slow", _settings.Seed, iteration, "all", $"The reads took {elapsed.TotalMilliseconds:F0} ms.", string.Empty, input));
        }

        _rejections.Clear();
        _findings.Clear();
        _otherExceptions = 0;
    }

    // Positions count from the start of the body, or, for an LZ4 frame, of the decompressed payload (docs/messagepack.md).
    private int PositionLimit(byte[] input)
    {
        if (_format != FuzzFormat.MessagePackLz4 || Lz4Frame.Parse(input) is not { } frame)
        {
            return input.Length;
        }

        long declared = 0;
        foreach (long size in frame.Sizes)
        {
            declared = Math.Min(declared + Math.Clamp(size, 0, int.MaxValue), int.MaxValue); // sizes can be any lie
        }

        return (int)Math.Max(declared, input.Length);
    }

    private void Checkpoint(long iteration)
    {
        if (_settings.CheckpointPath is { } path && (iteration - _settings.FirstIteration) % _settings.CheckpointEvery == 0)
        {
            File.WriteAllText(path, string.Create(CultureInfo.InvariantCulture, $"{_format.Name} 0x{_settings.Seed:X16} {iteration}\n"));
        }
    }
}
