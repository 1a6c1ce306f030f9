using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Mvc;

/// <summary>
/// Checks each controller action's body types when the app starts, before the server listens
/// (<see cref="ActionContracts"/>), so a type no format can serve is reported then. Minimal endpoints need no such
/// service: theirs are checked as their metadata is built, which routing does when the app builds its pipeline.
/// Registered only where converters are not built by reflection.
/// </summary>
internal sealed class ActionContractsValidator(IServiceProvider services) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (services.GetService<IActionDescriptorCollectionProvider>() is not { } actions || EndpointContracts.Logger(services) is not { } logger)
        {
            return Task.CompletedTask;
        }

        var mvc = services.GetRequiredService<IOptions<MvcOptions>>().Value;
        foreach (var action in actions.ActionDescriptors.Items)
        {
            if (action is ControllerActionDescriptor controllerAction)
            {
                ActionContracts.Check(controllerAction, mvc, logger);
            }
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
}
