using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// Makes the parity controllers the only controllers of a parity host: one <see cref="ParityController{T}"/> per catalog
/// type (MVC skips open generic controllers), and none of the other test controllers.
/// </summary>
public sealed class ParityControllerFeatureProvider : IApplicationFeatureProvider<ControllerFeature>
{
    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
    {
        ArgumentNullException.ThrowIfNull(feature);
        feature.Controllers.Clear();
        foreach (var entry in ParityCatalog.All)
        {
            feature.Controllers.Add(typeof(ParityController<>).MakeGenericType(entry.Type).GetTypeInfo());
        }
    }
}
