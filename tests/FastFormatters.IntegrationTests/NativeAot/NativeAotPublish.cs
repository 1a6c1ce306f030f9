using System.Net.Http.Headers;
using System.Runtime.InteropServices;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.NativeAot;

/// <summary>Publishes a project with Native AOT as a user would, and talks to the binary.</summary>
internal static class NativeAotPublish
{
    /// <summary>
    /// <c>dotnet publish -c Release -r &lt;this machine&gt;</c> into <c>{work}/publish</c>, with every project's bin/obj
    /// under <c>{work}/build</c>: the repository's own, which the test build uses, are not touched.
    /// </summary>
    public static Task<(int ExitCode, string Output)> PublishAsync(string project, string work)
        => Dotnet.RunAsync(
            Path.GetDirectoryName(project)!,
            TimeSpan.FromMinutes(15),
            null,
            "publish", project, "-c", "Release", "-r", RuntimeInformation.RuntimeIdentifier, "-o", Path.Combine(work, "publish"),
            "--artifacts-path", Path.Combine(work, "build"), "-nologo", "-tl:off", "-nr:false", "-clp:NoSummary");

    public static Task<HttpResponseMessage> SendAsync(HttpClient client, HttpMethod method, string path, string mediaType, byte[]? body = null)
    {
        var request = new HttpRequestMessage(method, path);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        if (body is not null)
        {
            request.Content = new ByteArrayContent(body);
            request.Content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        }

        return client.SendAsync(request);
    }

    public static void Delete(string work)
    {
        try
        {
            Directory.Delete(work, recursive: true);
        }
        catch (IOException)
        {
            // A file still held open; the temp folder is cleaned by the OS.
        }
    }
}
