using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace FastFormatters;

/// <summary>
/// Builds the app's endpoints when it starts, so <see cref="EndpointContracts"/> reports a body type no format can serve
/// then. Registered only where converters are not built by reflection.
/// </summary>
internal sealed class EndpointContractsValidator(IServiceProvider services) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        _ = services.GetService<EndpointDataSource>()?.Endpoints;
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
