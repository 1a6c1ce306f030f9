using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Adds a <see cref="RoundTripController{T}"/> for each type of the matrix (MVC skips open generic controllers).</summary>
public sealed class RoundTripControllerFeatureProvider(IEnumerable<Type> types) : IApplicationFeatureProvider<ControllerFeature>
{
    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
    {
        ArgumentNullException.ThrowIfNull(feature);
        foreach (var type in types)
        {
            feature.Controllers.Add(typeof(RoundTripController<>).MakeGenericType(type).GetTypeInfo());
        }
    }
}
