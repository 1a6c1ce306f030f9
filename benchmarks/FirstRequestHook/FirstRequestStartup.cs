using FastFormatters.Benchmarks.FirstRequestHook;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;

[assembly: HostingStartup(typeof(FirstRequestStartup))]

namespace FastFormatters.Benchmarks.FirstRequestHook;

/// <summary>Adds <see cref="FirstRequestMiddleware"/> in front of the app's whole pipeline.</summary>
public sealed class FirstRequestStartup : IHostingStartup, IStartupFilter
{
    public void Configure(IWebHostBuilder builder)
        => builder.ConfigureServices(services => services.AddSingleton<IStartupFilter>(this));

    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.UseMiddleware<FirstRequestMiddleware>();
        next(app);
    };
}
