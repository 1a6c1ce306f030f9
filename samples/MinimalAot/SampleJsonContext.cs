using System.Text.Json.Serialization;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.Samples.MinimalAot;

/// <summary>
/// System.Text.Json's metadata of the same types, which the JSON contract reads names and rules from (and ASP.NET Core
/// binds and validates with); enums by name, as samples/WebApi's JsonStringEnumConverter writes them.
/// </summary>
[JsonSourceGenerationOptions(UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<Status>))]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(CreateOrderRequest))]
internal sealed partial class SampleJsonContext : JsonSerializerContext;
