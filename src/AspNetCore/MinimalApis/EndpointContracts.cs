using FastFormatters.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters;

/// <summary>
/// Where converters are not built by reflection (trimmed and Native AOT apps), checks the body types of each endpoint
/// when the app starts (<see cref="EndpointContractsValidator"/>): a minimal endpoint's as its metadata is built, a
/// controller action's from its descriptor (<see cref="Mvc.ActionContracts"/>). It logs an error naming any
/// type a format cannot serve: the app says so when it starts, not on the first request that needs the type (which is
/// then a 500 without data).
/// </summary>
internal static partial class EndpointContracts
{
    public static void Check(Type type, bool reading, EndpointBuilder builder)
    {
        if (!ReflectionAvailability.IsEnabled && builder.ApplicationServices.GetService<FormatServices>() is { } services && Logger(builder.ApplicationServices) is { } logger)
        {
            Check(type, reading, services.Formats, logger, builder.DisplayName ?? "An endpoint");
        }
    }

    /// <summary>The logger the errors go to, or null when the app has no logging.</summary>
    public static ILogger? Logger(IServiceProvider services) => services.GetService<ILoggerFactory>()?.CreateLogger("FastFormatters.Endpoints");

    /// <summary>Logs each of <paramref name="formats"/> that cannot serve <paramref name="type"/> for <paramref name="endpoint"/>.</summary>
    public static void Check(Type type, bool reading, IEnumerable<FormatSerializer> formats, ILogger logger, string endpoint)
    {
        if (type == typeof(object))
        {
            return;
        }

        foreach (var format in formats)
        {
            if (Refusal(format, type, reading) is { } reason)
            {
                Unserved(logger, endpoint, reading ? "read" : "write", type, format.Definition.Name, reason);
            }
        }
    }

    /// <summary>Why <paramref name="format"/> cannot write (or read) <paramref name="type"/> as a body, or null.</summary>
    public static string? Refusal(FormatSerializer format, Type type, bool reading)
    {
        // A streamed response needs its elements served (an IAsyncEnumerable has no converter of its own).
        var served = !reading && format.Sequences.For(type) is { } sequence ? sequence.ElementType : type;
        return format.Refusal(served, reading);
    }

    [LoggerMessage(1, LogLevel.Error, "{Endpoint}: FastFormatters cannot {Direction} {Type} as {Format} in this app, which builds no converter by reflection: {Reason}")]
    private static partial void Unserved(ILogger logger, string endpoint, string direction, Type type, string format, string reason);
}
