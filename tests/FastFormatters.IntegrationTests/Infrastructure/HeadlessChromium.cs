using System.Diagnostics;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// Headless Chromium (Debian's package; ./test.sh and CI install it) for the browser tests: one-shot runs
/// (<c>--dump-dom</c>, <c>--screenshot</c>) and, through <see cref="ChromiumPage"/>, a page driven over the DevTools
/// protocol that Chromium itself serves (no extra package).
/// </summary>
public static partial class HeadlessChromium
{
    /// <summary>The switches every run uses: headless, no sandbox (root in CI), nothing reaching outside the machine.</summary>
    private static readonly string[] s_common =
    [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic",
    ];

    /// <summary>The Chromium executable, or a failure saying how to install it.</summary>
    public static string Executable =>
        new[] { "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome" }.FirstOrDefault(File.Exists)
            ?? throw new Xunit.Sdk.XunitException("Chromium is not installed: run ./test.sh (it installs Debian's chromium package), or apt-get install chromium.");

    /// <summary>
    /// Runs Chromium once with a fresh profile and a 10 s virtual-time budget (so a page's timers and fetches settle
    /// before <c>--dump-dom</c> or <c>--screenshot</c> happens) and returns what it printed.
    /// </summary>
    public static async Task<string> RunAsync(params string[] arguments)
    {
        string profile = Directory.CreateTempSubdirectory("chromium-").FullName;
        var start = new ProcessStartInfo(Executable) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in (string[])[.. s_common, $"--user-data-dir={profile}", "--virtual-time-budget=10000", .. arguments])
        {
            start.ArgumentList.Add(argument);
        }

        try
        {
            using var process = Process.Start(start)!;
            var output = process.StandardOutput.ReadToEndAsync();
            var errors = process.StandardError.ReadToEndAsync();
            using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(2));
            await process.WaitForExitAsync(timeout.Token);
            Assert.True(process.ExitCode == 0, $"Chromium failed ({process.ExitCode}): {await errors}");
            return await output;
        }
        finally
        {
            Directory.Delete(profile, recursive: true);
        }
    }

    /// <summary>Starts Chromium with the DevTools protocol on a loopback port the OS picks and opens <paramref name="url"/>.</summary>
    public static Task<ChromiumPage> OpenAsync(string url) => ChromiumPage.OpenAsync(url, s_common);

    [GeneratedRegex(@"DevTools listening on (ws://\S+)")]
    internal static partial Regex DevToolsListening();
}

/// <summary>
/// One browser page driven over the Chrome DevTools protocol (a WebSocket to the browser, one flattened session on the
/// page). Waiting is done inside the page: <see cref="WaitForAsync"/> evaluates a promise that re-checks a condition
/// until it holds or a deadline passes, so the test itself never sleeps.
/// </summary>
public sealed class ChromiumPage : IAsyncDisposable
{
    private readonly Process _process;
    private readonly string _profile;
    private readonly ClientWebSocket _socket = new();
    private readonly Dictionary<int, TaskCompletionSource<JsonElement>> _pending = [];
    private readonly Dictionary<string, TaskCompletionSource<JsonElement>> _events = new(StringComparer.Ordinal);
    private readonly CancellationTokenSource _stop = new();
    private readonly StringBuilder _console = new();
    private Task? _receiving;
    private int _nextId;
    private string? _session;

    private ChromiumPage(Process process, string profile)
    {
        _process = process;
        _profile = profile;
    }

    /// <summary>What the page logged to its console and any uncaught exceptions, for failure messages.</summary>
    public string ConsoleOutput
    {
        get
        {
            lock (_console)
            {
                return _console.ToString();
            }
        }
    }

    internal static async Task<ChromiumPage> OpenAsync(string url, string[] common)
    {
        string profile = Directory.CreateTempSubdirectory("chromium-").FullName;
        var start = new ProcessStartInfo(HeadlessChromium.Executable) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in (string[])[.. common, $"--user-data-dir={profile}", "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0", "--window-size=1280,1600", "about:blank"])
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start)!;
        var page = new ChromiumPage(process, profile);
        try
        {
            // Chromium prints its DevTools endpoint on stderr once it listens.
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            string? endpoint = null;
            while (endpoint is null)
            {
                string line = await process.StandardError.ReadLineAsync(timeout.Token)
                    ?? throw new InvalidOperationException("Chromium exited before its DevTools endpoint was printed.");
                var match = HeadlessChromium.DevToolsListening().Match(line);
                if (match.Success)
                {
                    endpoint = match.Groups[1].Value;
                }
            }

            _ = process.StandardError.ReadToEndAsync(CancellationToken.None);
            _ = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
            await page._socket.ConnectAsync(new Uri(endpoint), timeout.Token);
            page._receiving = page.ReceiveAsync();

            var target = await page.SendAsync("Target.createTarget", new JsonObject { ["url"] = "about:blank" });
            var attached = await page.SendAsync("Target.attachToTarget", new JsonObject { ["targetId"] = target.GetProperty("targetId").GetString(), ["flatten"] = true });
            page._session = attached.GetProperty("sessionId").GetString();
            await page.SendAsync("Page.enable");
            await page.SendAsync("Runtime.enable");
            await page.NavigateAsync(url);
            return page;
        }
        catch
        {
            await page.DisposeAsync();
            throw;
        }
    }

    /// <summary>Loads <paramref name="url"/> and returns once its load event fired.</summary>
    public async Task NavigateAsync(string url)
    {
        var loaded = Expect("Page.loadEventFired");
        await SendAsync("Page.navigate", new JsonObject { ["url"] = url });
        await loaded.WaitAsync(TimeSpan.FromSeconds(60));
    }

    /// <summary>Evaluates JavaScript in the page (awaiting a returned promise) and returns its JSON value.</summary>
    public async Task<JsonElement> EvaluateAsync(string expression)
    {
        var result = await SendAsync("Runtime.evaluate", new JsonObject
        {
            ["expression"] = expression,
            ["awaitPromise"] = true,
            ["returnByValue"] = true,
        });
        if (result.TryGetProperty("exceptionDetails", out var exception))
        {
            throw new Xunit.Sdk.XunitException($"The page threw: {exception}\nConsole:\n{ConsoleOutput}");
        }

        return result.GetProperty("result").TryGetProperty("value", out var value) ? value : default;
    }

    /// <summary>
    /// Re-evaluates <paramref name="condition"/> (a JavaScript expression) in the page every 25 ms until it
    /// returns a truthy value, and returns that value (<c>true</c> for an object such as an element); fails with <paramref name="what"/> when the deadline passes.
    /// </summary>
    public async Task<JsonElement> WaitForAsync(string condition, string what, TimeSpan? timeout = null)
    {
        int milliseconds = (int)(timeout ?? TimeSpan.FromSeconds(30)).TotalMilliseconds;
        var value = await EvaluateAsync($$"""
            new Promise(resolve => {
              const deadline = performance.now() + {{milliseconds}};
              const check = () => {
                let value;
                try { value = ({{condition}}); } catch { value = undefined; }
                if (value) { resolve(typeof value === 'object' ? true : value); }
                else if (performance.now() > deadline) { resolve(null); }
                else { setTimeout(check, 25); }
              };
              check();
            })
            """);
        if (value.ValueKind is JsonValueKind.Null or JsonValueKind.Undefined)
        {
            throw new Xunit.Sdk.XunitException($"Timed out after {milliseconds} ms waiting for {what}.\nConsole:\n{ConsoleOutput}");
        }

        return value;
    }

    /// <summary>
    /// Types <paramref name="text"/> into the focused element as trusted keyboard input (DevTools <c>Input.insertText</c>),
    /// replacing the selection: UIs that ignore synthetic events (Scalar's editors) take it as a person's typing.
    /// </summary>
    public Task TypeAsync(string text) => SendAsync("Input.insertText", new JsonObject { ["text"] = text });

    /// <summary>Saves a PNG of what the window shows (1280 x 1600) to <paramref name="path"/>.</summary>
    public async Task ScreenshotAsync(string path)
    {
        var shot = await SendAsync("Page.captureScreenshot", new JsonObject { ["format"] = "png" });
        await File.WriteAllBytesAsync(path, Convert.FromBase64String(shot.GetProperty("data").GetString()!));
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        if (_socket.State == WebSocketState.Open)
        {
            try
            {
                await _socket.CloseAsync(WebSocketCloseStatus.NormalClosure, null, CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(5));
            }
            catch (Exception exception) when (exception is WebSocketException or TimeoutException or OperationCanceledException)
            {
                // The browser is killed below either way.
            }
        }

        _socket.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
        }

        await _process.WaitForExitAsync();
        _process.Dispose();
        if (_receiving is not null)
        {
            await _receiving.ContinueWith(static _ => { }, TaskScheduler.Default);
        }

        Directory.Delete(_profile, recursive: true);
    }

    private Task<JsonElement> Expect(string method)
    {
        var source = new TaskCompletionSource<JsonElement>(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_events)
        {
            _events[method] = source;
        }

        return source.Task;
    }

    private async Task<JsonElement> SendAsync(string method, JsonObject? parameters = null)
    {
        var source = new TaskCompletionSource<JsonElement>(TaskCreationOptions.RunContinuationsAsynchronously);
        int id;
        lock (_pending)
        {
            id = ++_nextId;
            _pending[id] = source;
        }

        var message = new JsonObject { ["id"] = id, ["method"] = method, ["params"] = parameters ?? [] };
        if (_session is not null)
        {
            message["sessionId"] = _session;
        }

        await _socket.SendAsync(Encoding.UTF8.GetBytes(message.ToJsonString()), WebSocketMessageType.Text, endOfMessage: true, _stop.Token);
        return await source.Task.WaitAsync(TimeSpan.FromSeconds(90));
    }

    private async Task ReceiveAsync()
    {
        var buffer = new byte[64 * 1024];
        using var message = new MemoryStream();
        try
        {
            while (!_stop.IsCancellationRequested)
            {
                var received = await _socket.ReceiveAsync(buffer, _stop.Token);
                if (received.MessageType == WebSocketMessageType.Close)
                {
                    break;
                }

                message.Write(buffer, 0, received.Count);
                if (!received.EndOfMessage)
                {
                    continue;
                }

                Dispatch(JsonDocument.Parse(message.ToArray()).RootElement.Clone());
                message.SetLength(0);
            }
        }
        catch (Exception exception) when (exception is WebSocketException or OperationCanceledException)
        {
            // The browser went away or the page is being disposed.
        }
        finally
        {
            lock (_pending)
            {
                foreach (var pending in _pending.Values)
                {
                    pending.TrySetException(new InvalidOperationException("The DevTools connection closed."));
                }
            }
        }
    }

    private void Dispatch(JsonElement message)
    {
        if (message.TryGetProperty("id", out var id))
        {
            TaskCompletionSource<JsonElement>? pending;
            lock (_pending)
            {
                _pending.Remove(id.GetInt32(), out pending);
            }

            if (message.TryGetProperty("error", out var error))
            {
                pending?.TrySetException(new InvalidOperationException($"DevTools error: {error}"));
            }
            else
            {
                pending?.TrySetResult(message.GetProperty("result"));
            }

            return;
        }

        string method = message.GetProperty("method").GetString()!;
        if (method is "Runtime.consoleAPICalled" or "Runtime.exceptionThrown")
        {
            lock (_console)
            {
                _console.Append(message.GetProperty("params")).Append('\n');
            }
        }

        TaskCompletionSource<JsonElement>? waiting;
        lock (_events)
        {
            _events.Remove(method, out waiting);
        }

        waiting?.TrySetResult(message.GetProperty("params"));
    }
}
