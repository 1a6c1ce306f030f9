using System.Runtime.Loader;
using FastFormatters.Benchmarks.FirstRequestHook;

/// <summary>
/// The runtime calls <see cref="Initialize"/> before the app's <c>Main</c> when this assembly is named in
/// <c>DOTNET_STARTUP_HOOKS</c>. With <c>FIRST_REQUEST_JIT_FILE</c> set, it adds this assembly to the app's hosting
/// startup assemblies, so <see cref="FirstRequestStartup"/> puts <see cref="FirstRequestMiddleware"/> first in the app's
/// pipeline.
/// </summary>
internal static class StartupHook
{
    private const string HostingStartupAssemblies = "ASPNETCORE_HOSTINGSTARTUPASSEMBLIES";

    public static void Initialize()
    {
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(FirstRequestMiddleware.FileVariable)))
        {
            return;
        }

        // Hosting loads its startup assemblies by name; this one was loaded from a path, beside no app.
        var self = typeof(StartupHook).Assembly;
        string name = self.GetName().Name!;
        AssemblyLoadContext.Default.Resolving += (_, requested) => requested.Name == name ? self : null;
        string? others = Environment.GetEnvironmentVariable(HostingStartupAssemblies);
        Environment.SetEnvironmentVariable(HostingStartupAssemblies, string.IsNullOrEmpty(others) ? name : $"{others};{name}");
    }
}
