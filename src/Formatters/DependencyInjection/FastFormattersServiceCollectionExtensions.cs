using FastFormatters;
using FastFormatters.Mvc;
using FastFormatters.Serialization;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers FastFormatters.</summary>
public static class FastFormattersServiceCollectionExtensions
{
    /// <summary>
    /// Registers the FastFormatters formatters with MVC, ahead of the built-in JSON formatters, whether MVC is added
    /// before or after this call.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IServiceCollection AddFastFormatters(this IServiceCollection services, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<FastFormattersOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        options.Validate(value => value.Validate() is null, "FastFormattersOptions are invalid: see MaxDepth and ResponseFlushThreshold.")
            .ValidateOnStart();
        services.TryAddSingleton(provider => new FastSerializer(provider.GetRequiredService<IOptions<FastFormattersOptions>>()));
        services.TryAddEnumerable(ServiceDescriptor.Transient<IPostConfigureOptions<MvcOptions>, FastFormattersMvcOptionsSetup>());
        return services;
    }

    /// <inheritdoc cref="AddFastFormatters(IServiceCollection, Action{FastFormattersOptions}?)"/>
    /// <param name="builder">The MVC builder from <c>AddControllers</c> and friends.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IMvcBuilder AddFastFormatters(this IMvcBuilder builder, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddFastFormatters(configure);
        return builder;
    }

    /// <inheritdoc cref="AddFastFormatters(IServiceCollection, Action{FastFormattersOptions}?)"/>
    /// <param name="builder">The MVC core builder from <c>AddMvcCore</c>.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IMvcCoreBuilder AddFastFormatters(this IMvcCoreBuilder builder, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddFastFormatters(configure);
        return builder;
    }
}
