using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The parity matrix, run once per option set (each derived class has its own <see cref="ParityHost"/>): for every
/// model, FastFormatters' JSON against the built-in System.Text.Json formatters with the same app JsonOptions, for
/// responses and request bodies, through MVC and minimal APIs.
/// </summary>
/// <remarks>
/// Responses are compared as values (escaping does not count), with member order and number text compared on top.
/// Request bodies are made from the built-in's own output for the option set (see <see cref="RequestVariants"/>), sent
/// to both readers, and what each endpoint received is echoed by the same built-in writer and compared the same way;
/// when the built-in rejects a body, ours must give the same status.
/// </remarks>
public abstract class JsonParityTests<THost>
    where THost : ParityHost
{
    protected JsonParityTests(THost host)
    {
        Host = host;
    }

    protected THost Host { get; }

    [Theory]
    [MemberData(nameof(ParityTheoryData.Responses), MemberType = typeof(ParityTheoryData))]
    public async Task Mvc_response_matches_the_builtin_formatter(string key)
    {
        var entry = ParityCatalog.Get(key);
        var jsonResult = await ParityHost.SendAsync(Host.Fast, HttpMethod.Get, $"/mvc/{key}/builtin");
        var outputFormatter = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Get, $"/mvc/{key}/negotiated");
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Get, $"/mvc/{key}/negotiated");

        // The reference is MVC's JsonResult in the same host. It writes by runtime type, as MVC's own output formatter
        // does too unless the declared type is polymorphic; for those cases the reference is that output formatter, in
        // the host without FastFormatters, serving the same ActionResult<T>. Elsewhere the two must agree.
        if (!entry.DeclaredTypeMatters)
        {
            AssertSame($"[{Host.Name}] MVC response, {key}: harness check, JsonResult against MVC's own System.Text.Json output formatter", outputFormatter, jsonResult);
        }

        AssertSame($"[{Host.Name}] MVC response, {key}", entry.DeclaredTypeMatters ? outputFormatter : jsonResult, ours);
    }

    [Theory]
    [MemberData(nameof(ParityTheoryData.Responses), MemberType = typeof(ParityTheoryData))]
    public async Task Minimal_response_matches_Results_Json(string key)
    {
        var builtin = await ParityHost.SendAsync(Host.Fast, HttpMethod.Get, $"/minimal/{key}/builtin");
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Get, $"/minimal/{key}/negotiated");

        AssertSame($"[{Host.Name}] minimal response, {key}", builtin, ours);
    }

    [Theory]
    [MemberData(nameof(ParityTheoryData.Requests), MemberType = typeof(ParityTheoryData))]
    public async Task Mvc_request_body_is_read_as_the_builtin_formatter_reads_it(string key, string variant)
    {
        var body = RequestVariants.Apply(variant, await Host.BuiltinJsonAsync(key));
        var builtin = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Post, $"/mvc/{key}/echo", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, $"/mvc/{key}/echo", body);

        AssertSameReading($"[{Host.Name}] MVC request, {key}, {variant}", ParityCatalog.Get(key), variant, body, builtin, ours);
    }

    [Theory]
    [MemberData(nameof(ParityTheoryData.Requests), MemberType = typeof(ParityTheoryData))]
    public async Task Minimal_request_body_is_read_as_FromBody_reads_it(string key, string variant)
    {
        var body = RequestVariants.Apply(variant, await Host.BuiltinJsonAsync(key));
        var builtin = await ParityHost.SendAsync(Host.Fast, HttpMethod.Post, $"/minimal/{key}/echo-builtin", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, $"/minimal/{key}/echo-negotiated", body);

        AssertSameReading($"[{Host.Name}] minimal request, {key}, {variant}", ParityCatalog.Get(key), variant, body, builtin, ours);
    }

    [Fact]
    public async Task Mvc_body_missing_required_members_is_400_naming_them()
    {
        const string body = """{"note":"no name, no count"}""";
        var builtin = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Post, "/mvc/required/echo", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/mvc/required/echo", body);

        Assert.True(builtin.Status == 400, $"[{Host.Name}] built-in: {builtin}");
        Assert.True(ours.Status == 400, $"[{Host.Name}] ours: {ours}");
        AssertNamesMembers(ours, "name", "count");
    }

    [Fact]
    public async Task Minimal_body_missing_required_members_is_400_naming_them()
    {
        const string body = """{"note":"no name, no count"}""";
        var builtin = await ParityHost.SendAsync(Host.Fast, HttpMethod.Post, "/minimal/required/echo-builtin", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/minimal/required/echo-negotiated", body);

        Assert.True(builtin.Status == 400, $"[{Host.Name}] built-in: {builtin}");
        Assert.True(ours.Status == 400, $"[{Host.Name}] ours: {ours}");
        AssertNamesMembers(ours, "name", "count");
    }

    [Fact]
    public async Task Mvc_body_missing_one_required_member_is_400_naming_only_it()
    {
        const string body = """{"name":"present"}""";
        var builtin = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Post, "/mvc/required/echo", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/mvc/required/echo", body);

        Assert.True(builtin.Status == 400, $"[{Host.Name}] built-in: {builtin}");
        Assert.True(ours.Status == 400, $"[{Host.Name}] ours: {ours}");
        var messages = AssertNamesMembers(ours, "count");
        Assert.DoesNotContain("'name'", messages, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Mvc_400_for_an_unreadable_body_has_the_builtin_problem_shape()
    {
        // true where an integer belongs: both readers reject it, and MVC answers a validation problem written with
        // MVC's JsonOptions. The messages are each reader's own wording; the members, their order and kinds, the
        // type, title and status, and the error keys are compared.
        var node = System.Text.Json.Nodes.JsonNode.Parse(await Host.BuiltinJsonAsync("nested"))!.AsObject();
        node[node.First().Key] = true;
        var body = node.ToJsonString();
        var builtin = await ParityHost.SendAsync(Host.Builtin, HttpMethod.Post, "/mvc/nested/echo", body);
        var ours = await Host.SendToFastFormattersAsync(HttpMethod.Post, "/mvc/nested/echo", body);

        Assert.True(builtin.Status == 400 && ours.Status == 400, $"[{Host.Name}] body {body}\n  built-in: {builtin}\n  ours:     {ours}");
        Assert.True(ProblemShape(builtin.Body) == ProblemShape(ours.Body), $"[{Host.Name}] the 400 problem differs in shape\n  built-in: {ProblemShape(builtin.Body)}\n  ours:     {ProblemShape(ours.Body)}\n  built-in: {builtin}\n  ours:     {ours}");
    }

    /// <summary>
    /// The built-in JSON of a model's sample from MVC's JsonResult and from minimal APIs' Results.Json, parsed: for the
    /// facts that check an option set reached both JsonOptions.
    /// </summary>
    protected async Task<(JsonElement Mvc, JsonElement Minimal)> BuiltinDocumentsAsync(string key)
    {
        var mvc = await ParityHost.SendAsync(Host.Fast, HttpMethod.Get, $"/mvc/{key}/builtin");
        var minimal = await ParityHost.SendAsync(Host.Fast, HttpMethod.Get, $"/minimal/{key}/builtin");
        Assert.True(mvc.Status == 200 && minimal.Status == 200, $"[{Host.Name}] {key}: {mvc} / {minimal}");
        using var mvcDocument = JsonDocument.Parse(mvc.Body);
        using var minimalDocument = JsonDocument.Parse(minimal.Body);
        return (mvcDocument.RootElement.Clone(), minimalDocument.RootElement.Clone());
    }

    protected static void AssertSame(string context, ParityResponse builtin, ParityResponse ours)
    {
        ArgumentNullException.ThrowIfNull(builtin);
        ArgumentNullException.ThrowIfNull(ours);
        if (builtin.Status != ours.Status)
        {
            Assert.Fail($"{context}: status {ours.Status} where the built-in gives {builtin.Status}\n  built-in: {builtin}\n  ours:     {ours}");
        }

        if (!builtin.IsSuccess)
        {
            return;
        }

        var differences = JsonComparison.Differences(builtin.Body, ours.Body).ToList();
        if (!string.Equals(Normalize(builtin.ContentType), Normalize(ours.ContentType), StringComparison.OrdinalIgnoreCase))
        {
            differences.Insert(0, $"Content-Type: built-in {builtin.ContentType}, ours {ours.ContentType}");
        }

        if (differences.Count > 0)
        {
            Assert.Fail(Report(context, differences, builtin.Body, ours.Body));
        }
    }

    private void AssertSameReading(string context, ParityCase entry, string variant, string body, ParityResponse builtin, ParityResponse ours)
    {
        if (builtin.Status != ours.Status)
        {
            // By design (docs/json.md, "Enum reading is lenient"): enum numbers sent as strings are read where
            // System.Text.Json's number converter answers 400. The enum models hold no other numbers, so nothing else
            // can explain the difference.
            if (entry.HasEnums && (variant is RequestVariants.NumbersAsStrings or RequestVariants.ZeroPaddedNumbersAsStrings) && builtin.Status == 400 && ours.IsSuccess)
            {
                return;
            }

            Assert.Fail($"{context}: status {ours.Status} where the built-in gives {builtin.Status}\n  body:     {body}\n  built-in: {builtin}\n  ours:     {ours}");
        }

        if (!builtin.IsSuccess)
        {
            return;
        }

        var differences = new List<string>();
        if (builtin.ReceivedType != ours.ReceivedType)
        {
            differences.Add($"the endpoint received a {ours.ReceivedType} where the built-in gives it a {builtin.ReceivedType}");
        }

        // By design (docs/json.md): object and extension-data values are read as a plain value tree, not a
        // JsonElement, so their echo may differ as ObjectTreeAllowance describes, and only there.
        var options = Host.MvcJsonOptions; // the minimal-API options are configured identically
        var allowance = new ObjectTreeAllowance(entry.ObjectValuedPaths, options.DictionaryKeyPolicy, options.NumberHandling.HasFlag(JsonNumberHandling.WriteAsString));
        differences.AddRange(JsonComparison.Differences(builtin.Body, ours.Body, allowance));
        if (differences.Count > 0)
        {
            Assert.Fail(Report(context + " (the echo of what the endpoint received)", differences, builtin.Body, ours.Body) + "\n  body sent: " + body);
        }
    }

    private static string ProblemShape(string json)
    {
        using var document = JsonDocument.Parse(json);
        return string.Join(", ", document.RootElement.EnumerateObject().Select(member => member.Name switch
        {
            "type" or "title" or "status" => $"{member.Name}={member.Value.GetRawText()}",
            "errors" => $"errors{{{string.Join(", ", member.Value.EnumerateObject().Select(error => error.Name))}}}",
            _ => $"{member.Name}:{member.Value.ValueKind}",
        }));
    }

    private static string? Normalize(string? contentType) => contentType?.Replace(" ", string.Empty, StringComparison.Ordinal);

    private static string AssertNamesMembers(ParityResponse response, params string[] members)
    {
        using var problem = JsonDocument.Parse(response.Body);
        var messages = problem.RootElement.TryGetProperty("errors", out var errors)
            ? string.Join(" | ", errors.EnumerateObject().SelectMany(error => error.Value.EnumerateArray().Select(message => $"{error.Name}: {message.GetString()}")))
            : problem.RootElement.GetProperty("detail").GetString() ?? string.Empty;
        foreach (var member in members)
        {
            Assert.True(messages.Contains($"'{member}'", StringComparison.Ordinal), $"The 400 does not name the missing member '{member}': {messages}");
        }

        return messages;
    }

    private static string Report(string context, IReadOnlyList<string> differences, string builtin, string ours)
        => $"{context}: FastFormatters differs from the built-in System.Text.Json formatter\n  - {string.Join("\n  - ", differences)}\n  built-in: {builtin}\n  ours:     {ours}";
}
