using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.IntegrationTests.Packaging;
using FastFormatters.IntegrationTests.Reliability;

namespace FastFormatters.IntegrationTests.NativeAot;

/// <summary>
/// The startup check, for controllers: an MVC app that builds no converter by reflection (the switch a
/// trimmed publish sets, here on the JIT) logs, when it starts and before it listens, each action's body type a
/// format cannot serve, naming the action, the type and the format; the types its providers and MVC's JSON options
/// describe raise nothing.
/// </summary>
[Collection(PackagingCollection.Name)]
public sealed class ReflectionOffMvcAppTests(ReflectionOffMvcApp app) : IClassFixture<ReflectionOffMvcApp>
{
    [Theory]
    [InlineData("write", "UndescribedReply", "json")]
    [InlineData("write", "UndescribedReply", "msgpack")]
    [InlineData("write", "DeclaredReply", "json")]
    [InlineData("read", "UndescribedBody", "json")]
    [InlineData("read", "UndescribedBody", "msgpack")]
    public void An_actions_body_type_nothing_describes_is_reported_when_the_app_starts(string direction, string type, string format)
        => Assert.Contains(
            app.StartupLines,
            line => line.Contains($"FastFormatters cannot {direction} {type} as {format} in this app", StringComparison.Ordinal) && line.Contains("OrdersController", StringComparison.Ordinal));

    [Fact]
    public void Described_types_and_action_results_raise_nothing()
    {
        Assert.DoesNotContain(app.StartupLines, line => line.Contains("FastFormatters cannot", StringComparison.Ordinal) && line.Contains(" Order ", StringComparison.Ordinal));
        Assert.DoesNotContain(app.StartupLines, line => line.Contains("FastFormatters cannot", StringComparison.Ordinal) && line.Contains("IActionResult", StringComparison.Ordinal));
    }
}

/// <summary>An MVC app with <c>JsonSerializerIsReflectionEnabledByDefault</c> false, built once and started on the JIT.</summary>
public sealed class ReflectionOffMvcApp : IAsyncLifetime
{
    private readonly string _work = Path.Combine(Path.GetTempPath(), "ff-mvcnoreflection-" + Guid.NewGuid().ToString("N")[..8]);
    private SampleProcess? _process;

    /// <summary>The lines the app wrote up to the moment it listened: before any request.</summary>
    public IReadOnlyList<string> StartupLines { get; private set; } = [];

    public async Task InitializeAsync()
    {
        string project = await NativeAotPublish.WriteAppAsync(_work, "MvcApp", """
                <!-- What PublishTrimmed and PublishAot set: no converter built by reflection. -->
                <JsonSerializerIsReflectionEnabledByDefault>false</JsonSerializerIsReflectionEnabledByDefault>
            """, """
            using System.Text.Json.Serialization;
            using FastFormatters;
            using FastFormatters.Serialization.Shapes;
            using Microsoft.AspNetCore.Mvc;

            var builder = WebApplication.CreateBuilder(args);
            // MVC's own JSON options list Order (the minimal APIs' do not): controllers are checked against MVC's.
            builder.Services.AddControllers().AddJsonOptions(options => options.JsonSerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonContext.Default));
            builder.Services.AddFastFormatters(options => options.TypeShapeProviders.Add(AppShapes.Default));

            var app = builder.Build();
            app.MapControllers();
            app.Run();

            [ApiController]
            [Route("orders")]
            public sealed class OrdersController : ControllerBase
            {
                [HttpGet("{id:int}")]
                public Order Get(int id) => new(id, "ada");

                [HttpPost]
                public ActionResult<Order> Post(Order order) => order;

                [HttpGet("undescribed")]
                public async Task<ActionResult<UndescribedReply>> Undescribed() => await Task.FromResult(new UndescribedReply(1));

                [HttpGet("declared")]
                [ProducesResponseType<DeclaredReply>(StatusCodes.Status200OK)]
                public IActionResult Declared() => Ok(new DeclaredReply(2));

                [HttpPut]
                public IActionResult Put(UndescribedBody body) => NoContent();
            }

            public sealed record Order(int Id, string Customer);

            public sealed record UndescribedReply(int Value);

            public sealed record DeclaredReply(int Value);

            public sealed record UndescribedBody(int Value);

            [FastSerializable(typeof(Order))]
            internal sealed partial class AppShapes : TypeShapeProvider;

            [JsonSerializable(typeof(Order))]
            internal sealed partial class AppJsonContext : JsonSerializerContext;

            """);

        var (exitCode, output) = await Dotnet.RunAsync(
            Path.GetDirectoryName(project)!,
            TimeSpan.FromMinutes(10),
            null,
            "publish", project, "-c", "Release", "-o", Path.Combine(_work, "publish"),
            "--artifacts-path", Path.Combine(_work, "build"), "-nologo", "-tl:off", "-nr:false", "-clp:NoSummary");
        Assert.True(exitCode == 0, $"dotnet publish of the MVC app exited {exitCode}:\n{output}");

        _process = await SampleProcess.StartDllAsync(Path.Combine(_work, "publish", "MvcApp.dll"), TimeSpan.FromSeconds(60));

        // Hosted services start before the server listens: every startup error is written by now.
        StartupLines = _process.Output.Split('\n');
    }

    public Task DisposeAsync()
    {
        _process?.Dispose();
        NativeAotPublish.Delete(_work);
        return Task.CompletedTask;
    }
}
