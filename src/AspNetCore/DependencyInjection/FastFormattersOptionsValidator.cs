using Microsoft.Extensions.Options;

namespace FastFormatters.DependencyInjection;

/// <summary>Checks <see cref="FastFormattersOptions"/> at startup: one failure per broken option, naming it and its rule.</summary>
internal sealed class FastFormattersOptionsValidator : IValidateOptions<FastFormattersOptions>
{
    public ValidateOptionsResult Validate(string? name, FastFormattersOptions options)
        => options.ValidateWithHost() is [_, ..] errors ? ValidateOptionsResult.Fail(errors) : ValidateOptionsResult.Success;
}
