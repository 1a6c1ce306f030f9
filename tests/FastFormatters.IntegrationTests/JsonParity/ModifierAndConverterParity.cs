using System.Reflection;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using FastFormatters.IntegrationTests.JsonParity.Models;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// Option set 8: a contract modifier (renames <see cref="RenamedAndHidden.Label"/>, removes
/// <see cref="RenamedAndHidden.InternalNote"/>, and writes <see cref="ConditionallyHidden.Draft"/> only when it is not
/// empty) and <see cref="TemperatureJsonConverter"/> in Converters.
/// </summary>
public sealed class ModifierAndConverterHost : ParityHost
{
    public override string Name => "modifier-and-converter";

    protected override void ConfigureJson(JsonSerializerOptions options)
    {
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { Modify } };
        options.Converters.Add(new TemperatureJsonConverter());
    }

    private static void Modify(JsonTypeInfo info)
    {
        if (info.Type == typeof(RenamedAndHidden))
        {
            for (int i = info.Properties.Count - 1; i >= 0; i--)
            {
                var property = info.Properties[i];
                switch ((property.AttributeProvider as MemberInfo)?.Name)
                {
                    case nameof(RenamedAndHidden.Label):
                        property.Name = "display_label";
                        break;
                    case nameof(RenamedAndHidden.InternalNote):
                        info.Properties.RemoveAt(i);
                        break;
                }
            }
        }
        else if (info.Type == typeof(ConditionallyHidden))
        {
            foreach (var property in info.Properties)
            {
                if ((property.AttributeProvider as MemberInfo)?.Name == nameof(ConditionallyHidden.Draft))
                {
                    property.ShouldSerialize = static (_, value) => value is string { Length: > 0 };
                }
            }
        }
    }
}

public sealed class ModifierAndConverterParityTests(ModifierAndConverterHost host) : JsonParityTests<ModifierAndConverterHost>(host), IClassFixture<ModifierAndConverterHost>
{
    [Fact]
    public async Task The_modifier_and_converter_apply_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("modifier-renamed-hidden");
        foreach (var root in new[] { mvc, minimal })
        {
            Assert.Equal("shown", root.GetProperty("display_label").GetString());
            Assert.False(root.TryGetProperty("internalNote", out _), root.GetRawText());
        }

        var (mvcHidden, minimalHidden) = await BuiltinDocumentsAsync("modifier-should-serialize");
        Assert.False(mvcHidden.TryGetProperty("draft", out _), mvcHidden.GetRawText());
        Assert.False(minimalHidden.TryGetProperty("draft", out _), minimalHidden.GetRawText());

        var (mvcThermostat, minimalThermostat) = await BuiltinDocumentsAsync("options-converter");
        Assert.Equal("21.5C", mvcThermostat.GetProperty("current").GetString());
        Assert.Equal("21.5C", minimalThermostat.GetProperty("current").GetString());
    }
}
