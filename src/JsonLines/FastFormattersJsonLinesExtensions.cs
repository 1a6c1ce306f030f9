using FastFormatters;
using FastFormatters.JsonLines;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds JSON Lines (<see cref="JsonLinesFormat"/>) to the formats FastFormatters negotiates among.</summary>
public static class FastFormattersJsonLinesExtensions
{
    /// <summary>
    /// Adds JSON Lines to the formats of <c>AddFastFormatters</c>, after JSON, JMC1 and MessagePack, over each serializer
    /// the host builds (so each endpoint's JSON options apply to its lines). JSON Lines describes no schema, so the host
    /// keeps its media types out of API descriptions (OpenAPI documents). Call it before or after <c>AddFastFormatters</c>; a second call adds nothing:
    /// <c>services.AddFastFormatters().AddJsonLines()</c>.
    /// </summary>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddJsonLines(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IConfigureOptions<FastFormattersOptions>, JsonLinesOptionsSetup>());
        return services;
    }

    /// <summary>
    /// Adds JSON Lines to the formats of MVC's <c>AddFastFormatters</c>, as
    /// <see cref="AddJsonLines(IServiceCollection)"/> does: <c>services.AddControllers().AddFastFormatters().AddJsonLines()</c>.
    /// </summary>
    /// <returns>The builder, for chaining.</returns>
    public static IMvcBuilder AddJsonLines(this IMvcBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddJsonLines();
        return builder;
    }

    private sealed class JsonLinesOptionsSetup : IConfigureOptions<FastFormattersOptions>
    {
        public void Configure(FastFormattersOptions options) => options.AddFormat(static serializer => new JsonLinesFormat(serializer));
    }
}
