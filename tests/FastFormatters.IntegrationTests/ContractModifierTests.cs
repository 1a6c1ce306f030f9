using System.Net;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Serialization;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP: a contract modifier registered in <see cref="FastSerializerOptions.ContractModifiers"/> shapes responses
/// and request bodies of every format: here it leaves a secret out and renames a member.
/// </summary>
public sealed class ContractModifierTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(o => o.ContractModifiers.Add(static info =>
            {
                if (info.Type != typeof(Login) && !typeof(Credential).IsAssignableFrom(info.Type))
                {
                    return;
                }

                for (int i = info.Members.Count - 1; i >= 0; i--)
                {
                    if (info.Members[i].Member.Name is nameof(Login.Password) or nameof(Credential.Secret))
                    {
                        info.Members.RemoveAt(i);
                    }
                    else if (info.Members[i].Member.Name == nameof(Login.User))
                    {
                        info.Members[i].Name = "account";
                    }
                }
            })),
            app =>
            {
                app.MapGet("/login", () => FastResults.Negotiated(new Login { User = "ada", Password = "hunter2" }));
                app.MapGet("/credential", () => FastResults.Negotiated<Credential>(new ApiKey { Name = "ci", Secret = "hunter2" }));
                app.MapPost("/login", (NegotiatedBody<Login> body) => FastResults.Negotiated(body.Value));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task JSON_and_JMC1_responses_follow_the_modified_contract()
    {
        var (status, json) = await SendAsync(HttpMethod.Get, "application/json", null);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"account":"ada"}""", Encoding.UTF8.GetString(json));

        var (_, jmc) = await SendAsync(HttpMethod.Get, "application/jsonc", null);
        Assert.DoesNotContain("hunter2", Encoding.Latin1.GetString(jmc), StringComparison.Ordinal);
        Assert.Contains("\"account\"", Encoding.Latin1.GetString(jmc), StringComparison.Ordinal);
    }

    [Fact]
    public async Task MessagePack_responses_follow_the_modified_contract()
    {
        var (status, body) = await SendAsync(HttpMethod.Get, "application/x-msgpack", null);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"account":"ada"}""", MessagePackSerializer.ConvertToJson(body));
    }

    [Fact]
    public async Task JSON_request_bodies_are_read_by_the_modified_contract()
    {
        var (status, echoed) = await SendAsync(HttpMethod.Post, "application/json", """{"account":"grace","password":"sent anyway"}"""u8.ToArray());

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"account":"grace"}""", Encoding.UTF8.GetString(echoed));
    }

    [Fact]
    public async Task MessagePack_request_bodies_are_read_by_the_modified_contract()
    {
        byte[] body = MessagePackSerializer.Serialize(new Dictionary<string, string> { ["account"] = "grace", ["password"] = "sent anyway" });

        var (status, echoed) = await SendAsync(HttpMethod.Post, "application/x-msgpack", body);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"account":"grace"}""", MessagePackSerializer.ConvertToJson(echoed));
    }

    [Fact]
    public async Task A_type_System_Text_Json_writes_is_a_server_error_when_a_modifier_would_change_it_never_its_data()
    {
        foreach (string mediaType in new[] { "application/json", "application/jsonc" })
        {
            var (status, body) = await _app.SendAsync(HttpMethod.Get, "/credential", mediaType);

            string text = Encoding.Latin1.GetString(body);
            Assert.True(status == HttpStatusCode.InternalServerError, $"{mediaType}: {(int)status} {text}");
            Assert.DoesNotContain("hunter2", text, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task MessagePack_writes_the_polymorphic_type_through_the_modified_contract()
    {
        var (status, body) = await _app.SendAsync(HttpMethod.Get, "/credential", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.DoesNotContain("hunter2", MessagePackSerializer.ConvertToJson(body), StringComparison.Ordinal);
    }

    private Task<(HttpStatusCode Status, byte[] Body)> SendAsync(HttpMethod method, string mediaType, byte[]? content)
        => _app.SendAsync(method, "/login", mediaType, content);

    public sealed class Login
    {
        public string User { get; set; } = string.Empty;

        public string Password { get; set; } = string.Empty;
    }

    [System.Text.Json.Serialization.JsonDerivedType(typeof(ApiKey), "key")]
    public class Credential
    {
        public string Name { get; set; } = string.Empty;

        public string Secret { get; set; } = string.Empty;
    }

    public sealed class ApiKey : Credential;
}
