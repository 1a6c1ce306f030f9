using FastFormatters.Serialization;
using FastFormatters.Serialization.Shapes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastFormatters;

/// <summary>
/// Where converters are not built by reflection (trimmed and Native AOT apps), checks the body types of each minimal
/// endpoint when its metadata is built, which <see cref="EndpointContractsValidator"/> makes happen at startup, and logs
/// an error naming any type a format cannot serve: the app says so when it starts, not on the first request that needs
/// the type (which is then a 500 without data).
/// </summary>
internal static partial class EndpointContracts
{
    public static void Check(Type type, bool reading, EndpointBuilder builder)
    {
        if (ReflectionContracts.IsEnabled || type == typeof(object) || builder.ApplicationServices.GetService<FormatServices>() is not { } services)
        {
            return;
        }

        var logger = builder.ApplicationServices.GetService<ILoggerFactory>()?.CreateLogger("FastFormatters.Endpoints");
        foreach (var format in services.Formats)
        {
            // A streamed response needs its elements served; its own shape is what streams it.
            var served = !reading && format.GetShape(type) is ISequenceShape sequence ? sequence.ElementType : type;
            if (logger is not null && format.Refusal(served, reading) is { } reason)
            {
                Unserved(logger, builder.DisplayName ?? "An endpoint", reading ? "read" : "write", type, format.Definition.Name, reason);
            }
        }
    }

    [LoggerMessage(1, LogLevel.Error, "{Endpoint}: FastFormatters cannot {Direction} {Type} as {Format} in this app, which builds no converter by reflection: {Reason}")]
    private static partial void Unserved(ILogger logger, string endpoint, string direction, Type type, string format, string reason);
}
