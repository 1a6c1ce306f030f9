using FastFormatters.Mvc;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace FastFormatters;

/// <summary>
/// Checks every endpoint's body types when the app starts, so a type no format can serve is reported then
/// (<see cref="EndpointContracts"/>): it builds the minimal endpoints, whose metadata checks them, and checks each
/// controller action from its descriptor against MVC's formatters (<see cref="ActionContracts"/>). Whichever runs
/// first, this or the routing the app's pipeline builds, builds the minimal endpoints; actions are checked only here.
/// Registered only where converters are not built by reflection.
/// </summary>
internal sealed class EndpointContractsValidator(IServiceProvider services) : IHostedService
{
    public Task StartAsync(CancellationToken cancellationToken)
    {
        _ = services.GetService<EndpointDataSource>()?.Endpoints;
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
