using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using FastFormatters.Mvc;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace FastFormatters.IntegrationTests;

public sealed class RegistrationTests
{
    public static TheoryData<string> Orders => new() { "fast-first", "mvc-first", "mvc-builder", "mvc-core-builder" };

    [Theory]
    [MemberData(nameof(Orders))]
    public void Json_formatters_go_ahead_of_system_text_json_whatever_the_call_order(string order)
    {
        var services = new ServiceCollection();
        services.AddSingleton<ILoggerFactory>(NullLoggerFactory.Instance);
        switch (order)
        {
            case "fast-first":
                services.AddFastFormatters();
                services.AddControllers();
                break;
            case "mvc-first":
                services.AddControllers();
                services.AddFastFormatters();
                break;
            case "mvc-builder":
                services.AddControllers().AddFastFormatters();
                break;
            default:
                services.AddMvcCore().AddFastFormatters();
                break;
        }

        var options = services.BuildServiceProvider().GetRequiredService<IOptions<MvcOptions>>().Value;

        // One formatter of each kind per format, in the registry's order: the default format (JSON) first.
        int fastOutput = IndexOf<FastOutputFormatter>(options.OutputFormatters);
        Assert.True(fastOutput >= 0);
        int builtinOutput = IndexOf<SystemTextJsonOutputFormatter>(options.OutputFormatters);
        Assert.True(builtinOutput < 0 || fastOutput < builtinOutput);
        Assert.Equal(0, IndexOf<FastInputFormatter>(options.InputFormatters));
        Assert.Equal(["json", "jsonc", "msgpack"], options.OutputFormatters.OfType<FastOutputFormatter>().Select(formatter => formatter.FormatName));
        Assert.Equal(["json", "jsonc", "msgpack"], options.InputFormatters.OfType<FastInputFormatter>().Select(formatter => formatter.FormatName));
        Assert.IsType<FastFormatters.Json.JsonWireFormat>(options.OutputFormatters.OfType<FastOutputFormatter>().First().WireFormat);

        // The special-purpose formatters (204 for null, strings as text/plain) keep their place in front.
        Assert.True(IndexOf<HttpNoContentOutputFormatter>(options.OutputFormatters) < fastOutput);
        Assert.True(IndexOf<StringOutputFormatter>(options.OutputFormatters) < fastOutput);
    }

    public static TheoryData<string> InvalidOptions => ["depth 0", "negative JSON body limit", "negative JMC1 body limit", "negative MessagePack body limit"];

    [Theory]
    [MemberData(nameof(InvalidOptions))]
    public void Invalid_options_fail_at_startup(string invalid)
    {
        var services = new ServiceCollection();
        services.AddFastFormatters(options =>
        {
            switch (invalid)
            {
                case "depth 0":
                    options.JsonContract = FastFormatters.Json.JsonContractKind.Unified;
                    options.Unified.MaxDepth = 0;
                    break;
                case "negative JSON body limit":
                    options.Json.MaxRequestBodySize = -1;
                    break;
                case "negative JMC1 body limit":
                    options.Jsonc.MaxRequestBodySize = -1;
                    break;
                default:
                    options.MessagePack.MaxRequestBodySize = -1;
                    break;
            }
        });

        using var provider = services.BuildServiceProvider();
        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IOptions<FastFormattersOptions>>().Value);
        Assert.Single(error.Failures);
        Assert.Contains(
            invalid switch
            {
                "depth 0" => "Unified.MaxDepth must be between 1 and 1024; it is 0.",
                "negative JSON body limit" => "Json.MaxRequestBodySize must be at least 0 bytes; it is -1.",
                "negative JMC1 body limit" => "Jsonc.MaxRequestBodySize must be at least 0 bytes; it is -1.",
                _ => "MessagePack.MaxRequestBodySize must be at least 0 bytes; it is -1.",
            },
            error.Message,
            StringComparison.Ordinal);
    }

    [Fact]
    public void Every_broken_option_is_named_with_its_rule()
    {
        var services = new ServiceCollection();
        services.AddFastFormatters(options =>
        {
            options.MessagePack.MaxDepth = 2000;
            options.DefaultFormat = "xml";
            options.ResponseFlushThreshold = 10;
        });

        using var provider = services.BuildServiceProvider();
        var error = Assert.Throws<OptionsValidationException>(() => provider.GetRequiredService<IOptions<FastFormattersOptions>>().Value);

        Assert.Equal(
            [
                "MessagePack.MaxDepth must be between 1 and 1024; it is 2000.",
                "DefaultFormat must be json, jsonc or msgpack; it is 'xml'.",
                "ResponseFlushThreshold must be at least 1024 bytes; it is 10.",
            ],
            error.Failures);
    }

    [Fact]
    public void A_body_limit_per_format_is_valid()
    {
        var services = new ServiceCollection();
        services.AddFastFormatters(options => options.MessagePack.MaxRequestBodySize = 1024);

        using var provider = services.BuildServiceProvider();
        Assert.Equal(1024, provider.GetRequiredService<IOptions<FastFormattersOptions>>().Value.MessagePack.MaxRequestBodySize);
    }

    [Fact]
    public async Task The_apps_options_are_read_only_once_it_serves()
    {
        await using var app = await Infrastructure.KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(options => options.ResponseFlushThreshold = 32 * 1024),
            app => app.MapGet("/", () => FastResults.Negotiated(new[] { 1, 2 })));
        var options = app.App.Services.GetRequiredService<IOptions<FastFormattersOptions>>().Value;

        using var response = await app.Client.GetAsync("/");

        response.EnsureSuccessStatusCode();
        Assert.True(options.IsReadOnly);
        Assert.Throws<InvalidOperationException>(() => options.ReturnHttpNotAcceptable = true);
        Assert.Throws<InvalidOperationException>(() => options.ResponseFlushThreshold = 16 * 1024);
        Assert.Throws<InvalidOperationException>(() => options.MessagePack.ExternalSerializers.Clear());
        Assert.Equal(32 * 1024, options.ResponseFlushThreshold);
    }

    private static int IndexOf<T>(IList<IOutputFormatter> formatters) => formatters.ToList().FindIndex(formatter => formatter is T);

    private static int IndexOf<T>(IList<IInputFormatter> formatters) => formatters.ToList().FindIndex(formatter => formatter is T);
}
