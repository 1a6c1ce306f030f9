using System.Reflection;
using FastFormatters.Benchmarks.Http.Baselines;
using FastFormatters.Benchmarks.Http.Controllers;
using FastFormatters.Benchmarks.Http.Data;
using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Benchmarks.Http.Prebaked;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace FastFormatters.Benchmarks.Http;

/// <summary>The mode the harness runs in.</summary>
/// <param name="Mode">See <see cref="HarnessMode"/>.</param>
public sealed record HarnessSettings(HarnessMode Mode);

/// <summary>
/// Builds the HTTP benchmark harness: the same MVC endpoints in every mode, with the response bodies made by
/// FastFormatters (<c>--mode fast</c>, the default), by the built-in System.Text.Json formatters by reflection
/// (<c>--mode builtin</c>) or from a source-generated context (<c>--mode stj-sg</c>), by FastFormatters from generated
/// shapes (<c>--mode fast-sg</c>), by MessagePack-CSharp beside the
/// built-in JSON (<c>--mode mpcs</c>), or copied from bytes FastFormatters made at startup (<c>--mode prebaked</c>);
/// and <c>POST /minimal/ticker</c>, the ticker as a minimal-API endpoint.
/// Tests host it in-process.
/// </summary>
public static class HarnessApp
{
    /// <summary>
    /// Builds the harness from command-line arguments: <c>--mode</c>, <c>--flush-threshold</c> (FastFormatters'
    /// <c>ResponseFlushThreshold</c> in bytes, in the modes that use it), <c>--urls</c> and the usual host ones.
    /// </summary>
    /// <param name="args">Command-line arguments.</param>
    public static WebApplication Build(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);

        // Name the application assembly explicitly: when tests host the harness, the entry assembly is the test runner,
        // and MVC would look for controllers there.
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            Args = args,
            ApplicationName = typeof(HarnessApp).Assembly.GetName().Name,
        });

        // Warnings and worse only, whatever an appsettings.json copied in with the sample project says; the command
        // line still decides (it is read again after these defaults).
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Logging:LogLevel:Default"] = "Warning",
            ["Logging:LogLevel:Microsoft"] = "Warning",
            ["Logging:LogLevel:Microsoft.AspNetCore"] = "Warning",
        });
        builder.Configuration.AddCommandLine(args);

        var mode = HarnessModes.Parse(builder.Configuration["mode"]);

        // For measuring the library's option: FastFormatters' ResponseFlushThreshold in bytes, its default if absent.
        int? flushThreshold = builder.Configuration.GetValue<int?>("flush-threshold");
        builder.Services.AddSingleton(new HarnessSettings(mode));
        builder.Services.AddSingleton<HarnessData>();
        builder.Services.AddSingleton<RequestCounter>();
        builder.Services.AddSingleton<CitmCatalogSource>();

        var mvc = builder.Services.AddControllers()
            .ConfigureApplicationPartManager(manager => UseHarnessControllersOnly(manager, mode));
        switch (mode)
        {
            case HarnessMode.Builtin:
                mvc.AddJsonOptions(options => StjConfiguration.UseReflection(options.JsonSerializerOptions));
                break;
            case HarnessMode.StjSourceGen:
                mvc.AddJsonOptions(options => StjConfiguration.UseSourceGeneration(options.JsonSerializerOptions));
                break;
            case HarnessMode.MessagePackCSharp:
                mvc.AddJsonOptions(options => StjConfiguration.UseReflection(options.JsonSerializerOptions));
                mvc.AddMvcOptions(MessagePackCSharpFormatters.AddTo);
                break;
            case HarnessMode.Fast:
            case HarnessMode.Prebaked:
                mvc.AddJsonOptions(options => StjConfiguration.UseReflection(options.JsonSerializerOptions));
                mvc.AddFastFormatters(options => options.ResponseFlushThreshold = flushThreshold ?? options.ResponseFlushThreshold).AddJsonLines();
                break;
            case HarnessMode.FastSourceGen:
                mvc.AddJsonOptions(options => StjConfiguration.UseSourceGeneration(options.JsonSerializerOptions));
                mvc.AddFastFormatters(options =>
                {
                    options.TypeShapeProviders.Add(HarnessShapes.Default);
                    options.ResponseFlushThreshold = flushThreshold ?? options.ResponseFlushThreshold;
                }).AddJsonLines();
                break;
            case HarnessMode.FastWithoutMetrics:
                mvc.AddJsonOptions(options => StjConfiguration.UseReflection(options.JsonSerializerOptions));
                mvc.AddFastFormatters(options =>
                {
                    options.RecordMetrics = false;
                    options.ResponseFlushThreshold = flushThreshold ?? options.ResponseFlushThreshold;
                }).AddJsonLines();
                break;
        }

        if (mode == HarnessMode.Prebaked)
        {
            builder.Services.AddSingleton<PrebakedResponses>();
        }

        // The minimal-API endpoints bind JSON with the HTTP JSON options, configured as MVC's are in each mode.
        builder.Services.ConfigureHttpJsonOptions(options =>
        {
            if (mode is HarnessMode.StjSourceGen or HarnessMode.FastSourceGen)
            {
                StjConfiguration.UseSourceGeneration(options.SerializerOptions);
            }
            else
            {
                StjConfiguration.UseReflection(options.SerializerOptions);
            }
        });

        var app = builder.Build();

        // Read the CITM document now rather than in the first measured request.
        app.Services.GetRequiredService<CitmCatalogSource>();
        var counter = app.Services.GetRequiredService<RequestCounter>();
        app.Use((context, next) =>
        {
            if (!context.Request.Path.StartsWithSegments("/stats", StringComparison.OrdinalIgnoreCase))
            {
                counter.Increment();
            }

            return next(context);
        });
        app.MapControllers();
        MapMinimalEndpoints(app, mode);

        if (mode == HarnessMode.Prebaked)
        {
            // Off any synchronization context the host (a test runner) may have.
            Task.Run(app.Services.GetRequiredService<PrebakedResponses>().PrecomputeAsync).GetAwaiter().GetResult();
        }

        return app;
    }

    // The ticker as minimal-API handlers, which ASP.NET Core does not validate. POST /minimal/ticker has an inferred body:
    // in the FastFormatters modes on a group with WithContentNegotiation(), so MessagePack and JMC1 are read by
    // FastFormatters and JSON by ASP.NET Core as without it; in the others, ASP.NET Core reads JSON. POST
    // /minimal/ticker-body, in the FastFormatters modes only, reads every format through NegotiatedBody<T>; in prebaked,
    // it receives the whole body without reading it as a model and answers the sample's summary: its floor.
    private static void MapMinimalEndpoints(WebApplication app, HarnessMode mode)
    {
        bool fastFormatters = mode is not (HarnessMode.Builtin or HarnessMode.StjSourceGen or HarnessMode.MessagePackCSharp);
        var group = app.MapGroup("/minimal");
        if (mode == HarnessMode.Prebaked)
        {
            var summary = TickerSummary.Of(app.Services.GetRequiredService<HarnessData>().Ticker);
            app.MapPost("/minimal/ticker-body", async (HttpContext context) =>
            {
                await PrebakedController.DrainAsync(context.Request.BodyReader, context.RequestAborted);
                return FastResults.Negotiated(summary);
            });
        }
        else if (fastFormatters)
        {
            app.MapPost("/minimal/ticker-body", (NegotiatedBody<TickerSnapshot> body) => FastResults.Negotiated(TickerSummary.Of(body.Value!)));
        }

        if (fastFormatters)
        {
            group.WithContentNegotiation();
        }

        group.MapPost("/ticker", (TickerSnapshot snapshot) => TickerSummary.Of(snapshot));
    }

    // Controllers from this assembly only (not the sample's, which comes in as a referenced application part), and of
    // the two implementations of the benchmarked routes, the one for this mode.
    private static void UseHarnessControllersOnly(ApplicationPartManager manager, HarnessMode mode)
    {
        var harness = typeof(HarnessApp).Assembly;
        foreach (var part in manager.ApplicationParts.ToList())
        {
            if (part is not AssemblyPart assemblyPart || assemblyPart.Assembly != harness)
            {
                manager.ApplicationParts.Remove(part);
            }
        }

        if (manager.ApplicationParts.Count == 0)
        {
            manager.ApplicationParts.Add(new AssemblyPart(harness));
        }

        manager.FeatureProviders.Add(new ModeControllers(mode == HarnessMode.Prebaked ? typeof(SerializingController) : typeof(PrebakedController)));
    }

    private sealed class ModeControllers(Type excluded) : IApplicationFeatureProvider<ControllerFeature>
    {
        public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
            => feature.Controllers.Remove(excluded.GetTypeInfo());
    }
}
